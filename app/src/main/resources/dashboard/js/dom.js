// Building the page. Everything the API says (file names, messages, labels) goes in as text, never as markup.

/**
 * h('a', {href: '#/runs', class: 'x', onclick: fn}, 'text', child, [more]) makes an element.
 * Attributes: `class`, `text` (textContent), `on<event>` (listener), booleans (present when true), others as is.
 */
export function h(tag, attrs = {}, ...children) {
  const svg = tag.startsWith('svg:');
  const el = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4)) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'text') el.textContent = value;
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Says something to screen readers without moving focus (the page's polite live region). */
export function announce(message) {
  const region = document.getElementById('announcer');
  // Cleared first so that the same message said twice is read twice.
  region.textContent = '';
  setTimeout(() => { region.textContent = message; }, 50);
}

/** A status as a badge: the word itself is always shown, the colour only repeats it. */
export function badge(status) {
  return h('span', {class: `badge status-${status}`, text: status});
}

/** An item whose cut-out is less sure than FLOWRUN_REVIEW_BELOW: worth a look before it is used. */
export function reviewBadge() {
  return h('span', {class: 'badge review', text: 'needs review', title: 'A cut-out of this item is less sure than the review mark'});
}

export function time(iso) {
  if (!iso) return h('span', {class: 'muted', text: '—'});
  const d = new Date(iso);
  return h('time', {datetime: iso, title: iso, text: d.toLocaleString(undefined, {dateStyle: 'medium', timeStyle: 'medium'})});
}

/** "1.25 s", "3 min 4 s" between two timestamps; null when either is missing. */
export function duration(fromIso, toIso) {
  if (!fromIso || !toIso) return null;
  const ms = new Date(toIso) - new Date(fromIso);
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(2)} s`;
  const s = Math.round(ms / 1000);
  return s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h ${Math.floor(s / 60) % 60} min`;
}

/** A box for an API error: role=alert, so it is read out when it appears. */
export function errorBox(error) {
  return h('div', {class: 'error', role: 'alert'}, error?.message || String(error));
}

/** A file's name from its storage key or URL. */
export function baseName(path) {
  const clean = String(path).split('?')[0];
  return decodeURIComponent(clean.substring(clean.lastIndexOf('/') + 1));
}

/** The part of a URL path after the hash, with its query: '#/runs/5?q=red' → {path: '/runs/5', query}. */
export function currentRoute() {
  const hash = location.hash.replace(/^#/, '') || '/runs';
  const [path, search = ''] = hash.split('?');
  return {path, query: new URLSearchParams(search)};
}

/** Changes the query of the current page without a navigation (filters, pages), so a reload keeps it. */
export function replaceQuery(values) {
  const {path, query} = currentRoute();
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined || v === '') query.delete(k); else query.set(k, v);
  }
  const search = query.toString();
  history.replaceState(null, '', `#${path}${search ? '?' + search : ''}`);
}

/** A modal yes/no question (a native dialog: focus stays inside it, Escape says no). Resolves true for yes. */
export function confirmDialog(question, yesLabel) {
  return new Promise(resolve => {
    const dialog = h('dialog', {class: 'confirm', 'aria-labelledby': 'confirm-q'},
      h('p', {id: 'confirm-q', text: question}),
      h('form', {method: 'dialog', class: 'actions'},
        h('button', {value: 'yes', class: 'danger', text: yesLabel}),
        h('button', {value: 'no', text: 'Keep it', autofocus: true})));
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'yes');
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/**
 * Makes `container`'s children the rendering of `entries` ([{key, sig, render}]) while reusing every child whose
 * key and signature are unchanged: a page refreshed every second keeps the keyboard focus and the pictures where
 * they are. When a child that has the focus must be redrawn, the focus goes to its redrawn self.
 */
export function sync(container, entries) {
  const old = new Map([...container.children].map(el => [el.dataset.key, el]));
  const active = document.activeElement;
  let refocus = null;
  const next = entries.map(({key, sig, render}) => {
    const existing = old.get(String(key));
    if (existing && existing.dataset.sig === String(sig)) return existing;
    const el = render();
    el.dataset.key = key;
    el.dataset.sig = sig;
    if (existing && existing.contains(active)) refocus = el;
    return el;
  });
  const same = next.length === container.children.length && next.every((el, i) => container.children[i] === el);
  if (!same) container.replaceChildren(...next);
  if (refocus) (refocus.matches('a, button, input, select') ? refocus : refocus.querySelector('a, button, input, select'))?.focus();
}
