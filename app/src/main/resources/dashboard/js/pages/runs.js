// The workspace's runs, newest first, with progress that moves while they run; filtered by status and workflow.

import {api, workflowsById} from '../api.js';
import {announce, badge, errorBox, fill, h, replaceQuery, sync, time} from '../dom.js';
import {poll} from '../poll.js';
import {progressOf} from '../progress.js';
import {PRIORITY, RUN, RUN_TERMINAL} from '../statuses.js';
import {pager} from '../pager.js';

const STATUSES = Object.values(RUN);
const PAGE_SIZE = 25;

export function runsPage(main, {query, signal}) {
  const state = {
    status: query.get('status') || '',
    workflowId: query.get('workflowId') || '',
    page: Number(query.get('page')) || 1,
  };
  const statusSelect = h('select', {id: 'filter-status'},
    h('option', {value: '', text: 'Any status'}),
    STATUSES.map(s => h('option', {value: s, text: s, selected: s === state.status})));
  const workflowSelect = h('select', {id: 'filter-workflow'}, h('option', {value: '', text: 'Any workflow'}));
  const problem = h('div');
  const body = h('tbody');
  const pages = pager('Pages of runs', delta => turn(delta));
  const table = h('table', {class: 'runs'},
    h('caption', {class: 'sr-only', text: 'Runs, newest first'}),
    h('thead', {}, h('tr', {},
      ['Run', 'Workflow', 'Status', 'Progress', 'Created', 'Finished'].map(t => h('th', {scope: 'col', text: t})))),
    body);
  main.append(
    h('div', {class: 'title-row'}, h('h1', {text: 'Runs'}), h('a', {class: 'button primary', href: '#/new-run', text: 'New run'})),
    h('form', {class: 'filters', role: 'search', 'aria-label': 'Filter runs'},
      h('label', {for: 'filter-status', text: 'Status'}), statusSelect,
      h('label', {for: 'filter-workflow', text: 'Workflow'}), workflowSelect),
    problem, table, pages.element);

  let workflows = new Map();
  const seen = new Map();
  let asked = 0;

  const refresh = async () => {
    const params = new URLSearchParams({page: state.page, pageSize: PAGE_SIZE});
    if (state.status) params.set('status', state.status);
    if (state.workflowId) params.set('workflowId', state.workflowId);
    const mine = ++asked;
    const list = await api('GET', `/workflows/runs?${params}`, undefined, {signal});
    if (mine !== asked) return true;
    fill(problem);
    draw(list);
    return true;
  };

  const draw = list => {
    sync(body, list.items.length
      ? list.items.map(run => ({key: run.id, sig: 1, render: () => row(run)}))
      : [{key: 'none', sig: 1, render: () => h('tr', {}, h('td', {colspan: 6, class: 'muted', text: 'No runs match.'}))}]);
    for (const run of list.items) {
      updateRow(body.querySelector(`tr[data-key="${run.id}"]`), run, workflows);
      const before = seen.get(run.id);
      if (before && before !== run.status && RUN_TERMINAL.has(run.status)) announce(`${run.name}: ${run.status}.`);
      seen.set(run.id, run.status);
    }
    pages.show(state.page, Math.ceil(list.total / PAGE_SIZE), ` · ${list.total} runs`);
  };

  const turn = delta => {
    state.page += delta;
    replaceQuery({page: state.page > 1 ? state.page : null});
    polling.wake();
  };
  const showError = error => fill(problem, errorBox(error));

  const onFilter = () => {
    state.status = statusSelect.value;
    state.workflowId = workflowSelect.value;
    state.page = 1;
    replaceQuery({status: state.status, workflowId: state.workflowId, page: null});
    polling.wake();
  };
  statusSelect.addEventListener('change', onFilter);
  workflowSelect.addEventListener('change', onFilter);

  workflowsById(signal).then(found => {
    workflows = found;
    for (const w of found.values()) {
      workflowSelect.append(h('option', {value: w.id, text: w.name, selected: String(w.id) === state.workflowId}));
    }
    polling.wake();
  }).catch(showError);

  // Every two seconds: runs of other tabs and clients appear, running ones move.
  const polling = poll(signal, 2000, refresh, showError);
}

function row(run) {
  return h('tr', {'data-run-id': run.id},
    h('th', {scope: 'row'}, h('a', {href: `#/runs/${run.id}`, text: run.name})),
    h('td', {class: 'workflow'}),
    h('td', {class: 'status'}),
    h('td', {class: 'progress'}),
    h('td', {}, time(run.createdAt)),
    h('td', {class: 'finished'}));
}

function updateRow(tr, run, workflows) {
  tr.querySelector('.workflow').textContent = workflows.get(run.workflowId)?.name ?? `#${run.workflowId}`;
  fill(tr.querySelector('.status'), badge(run.status), run.paused ? [' ', badge('paused')] : null,
    run.priority !== PRIORITY.NORMAL ? [' ', h('span', {class: 'badge priority', text: `${run.priority} priority`})] : null);
  const cell = tr.querySelector('.progress');
  const bar = cell.querySelector('progress') || cell.appendChild(h('progress', {'aria-label': `Progress of ${run.name}`}));
  const text = cell.querySelector('.count') || cell.appendChild(h('span', {class: 'count'}));
  const progress = progressOf(run);
  bar.max = progress.max;
  if (progress.value === null) bar.removeAttribute('value'); else bar.value = progress.value;
  text.textContent = progress.text;
  fill(tr.querySelector('.finished'), time(run.finishedAt));
}
