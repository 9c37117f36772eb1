// One input node's files on the new-run page: a drop zone with a file chooser, the chosen files, pasted URLs.

import {fill, h} from '../dom.js';

export function inputField(node, several) {
  const label = node.data?.label || node.id;
  const chosen = [];
  const fileInput = h('input', {type: 'file', id: `files-${node.id}`, multiple: true, accept: 'image/*,.zip'});
  const list = h('ul', {class: 'chosen', 'aria-live': 'polite'});
  const urls = h('textarea', {id: `urls-${node.id}`, rows: 4, class: 'code', spellcheck: 'false',
    placeholder: 'https://example.com/shoe.jpg'});
  const drop = h('div', {class: 'drop'},
    h('p', {text: 'Drop images (or one zip) here, or'}),
    h('label', {for: `files-${node.id}`, class: 'sr-only', text: `Choose files${several ? ` for ${label}` : ''}`}),
    fileInput);
  const element = h('fieldset', {class: 'input-field', 'data-node-id': node.id},
    h('legend', {text: several ? `Images for ${label}` : 'Images'}),
    drop, list,
    h('label', {for: `urls-${node.id}`, text: 'Or paste image URLs, one per line'}), urls);

  const add = files => {
    for (const file of files) chosen.push(file);
    draw();
  };
  const draw = () => fill(list, chosen.map((file, i) => h('li', {},
    h('span', {text: `${file.name} (${size(file.size)})`}), ' ',
    h('button', {type: 'button', class: 'link', text: 'Remove', 'aria-label': `Remove ${file.name}`,
      onclick: () => { chosen.splice(i, 1); draw(); fileInput.focus(); }}))));

  fileInput.addEventListener('change', () => {
    add(fileInput.files);
    // Cleared so that choosing the same file again (after removing it) is noticed.
    fileInput.value = '';
  });
  drop.addEventListener('dragover', event => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', event => {
    event.preventDefault();
    drop.classList.remove('over');
    add(event.dataTransfer.files);
  });

  return {
    element,
    nodeId: node.id,
    files: () => [...chosen],
    urls: () => urls.value.split(/\s+/).map(u => u.trim()).filter(Boolean),
    focus: () => fileInput.focus(),
    clearError: () => urls.removeAttribute('aria-invalid'),
    markInvalid: () => {
      urls.setAttribute('aria-invalid', 'true');
      urls.focus();
    },
  };
}

function size(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
