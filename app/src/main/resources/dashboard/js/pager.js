// "Previous · Page 2 of 5 · Next", drawn once and updated in place (a refresh never takes the focus away).

import {h} from './dom.js';

export function pager(label, turn) {
  const previous = h('button', {type: 'button', text: 'Previous', onclick: () => turn(-1)});
  const next = h('button', {type: 'button', text: 'Next', onclick: () => turn(1)});
  const where = h('span');
  const element = h('nav', {class: 'pager', 'aria-label': label}, previous, where, next);
  return {
    element,
    show(page, pages, extra = '') {
      const count = Math.max(1, pages);
      where.textContent = `Page ${page} of ${count}${extra}`;
      previous.disabled = page <= 1;
      next.disabled = page >= count;
    },
  };
}
