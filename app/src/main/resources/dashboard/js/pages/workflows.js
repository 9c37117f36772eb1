// The workspace's workflows, each with its graph drawn.

import {api} from '../api.js';
import {errorBox, fill, h} from '../dom.js';
import {drawGraph} from '../graph.js';

export function workflowsPage(main, {signal}) {
  const list = h('ul', {class: 'workflows'}, h('li', {class: 'muted', text: 'Loading…'}));
  main.append(
    h('div', {class: 'title-row'}, h('h1', {text: 'Workflows'}),
      h('a', {class: 'button primary', href: '#/workflows/new', text: 'New workflow'})),
    list);
  api('GET', '/workflows', undefined, {signal}).then(workflows => {
    workflows.sort((a, b) => (b.isTemplate - a.isTemplate) || (a.sortOrder - b.sortOrder) || (a.id - b.id));
    fill(list, workflows.length ? workflows.map(card) : h('li', {class: 'muted', text: 'No workflows yet.'}));
  }).catch(error => { if (error.name !== 'AbortError') fill(list, h('li', {}, errorBox(error))); });
}

function card(w) {
  const headingId = `workflow-${w.id}`;
  return h('li', {class: 'workflow-card', 'aria-labelledby': headingId, 'data-workflow-id': w.id},
    h('h2', {id: headingId}, w.name, w.isTemplate ? h('span', {class: 'badge template', text: 'template'}) : null),
    w.description ? h('p', {text: w.description}) : null,
    h('div', {class: 'graph-box'}, drawGraph(w.graph, `Graph of ${w.name}`)),
    h('p', {class: 'actions'},
      h('a', {class: 'button primary', href: `#/new-run?workflowId=${w.id}`, text: 'Start a run',
        'aria-label': `Start a run of ${w.name}`}),
      h('a', {class: 'button', href: `#/workflows/${w.id}`, text: 'Edit', 'aria-label': `Edit ${w.name}`}),
      h('a', {class: 'button', href: `#/workflows/new?from=${w.id}`, text: 'Copy',
        'aria-label': `Make a new workflow from ${w.name}`})));
}
