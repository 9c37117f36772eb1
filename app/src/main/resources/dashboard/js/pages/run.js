// One run: progress, its items as thumbnails (input beside output), pause and resume, cancel, retry, download, webhook
// deliveries.

import {api} from '../api.js';
import {announce, badge, baseName, confirmDialog, duration, errorBox, fill, h, replaceQuery, reviewBadge, sync, time}
  from '../dom.js';
import {pager} from '../pager.js';
import {follow} from '../events.js';
import {poll} from '../poll.js';
import {progressOf} from '../progress.js';
import {ITEM, ITEM_TERMINAL, RUN_TERMINAL} from '../statuses.js';
import {Thumbs} from '../thumbs.js';
import {webhookSection} from './webhook.js';

const PAGE_SIZE = 24;

export function runPage(main, {params: [runId], query, signal, go}) {
  const state = {q: query.get('q') || '', review: query.get('review') === 'true', page: Number(query.get('page')) || 1};
  const thumbs = new Thumbs();
  const heading = h('h1', {text: `Run ${runId}`});
  const meta = h('p', {class: 'meta'});
  const bar = h('progress', {id: 'run-progress', 'aria-labelledby': 'run-progress-text'});
  const barText = h('span', {id: 'run-progress-text', 'aria-live': 'polite'});
  const runError = h('div');
  const actions = h('div', {class: 'actions'});
  const problem = h('div');
  const search = h('input', {id: 'item-filter', type: 'search', value: state.q, autocomplete: 'off'});
  const review = h('input', {id: 'review-filter', type: 'checkbox', checked: state.review});
  const reviewLabel = h('label', {for: 'review-filter', text: 'Only items to review'});
  const shown = h('p', {class: 'muted', id: 'items-shown'});
  const grid = h('ul', {class: 'items', 'aria-describedby': 'items-shown'});
  const pages = pager('Pages of items', delta => turn(delta));
  const webhook = webhookSection(runId, signal);
  main.append(heading, meta, h('div', {class: 'run-progress'}, bar, barText), runError, actions, problem,
    h('section', {'aria-labelledby': 'items-heading'},
      h('h2', {id: 'items-heading', text: 'Items'}),
      h('form', {class: 'filters', role: 'search', onsubmit: e => e.preventDefault()},
        h('label', {for: 'item-filter', text: 'Filter by file name'}), search,
        h('span', {class: 'check'}, review, reviewLabel)),
      shown, grid, pages.element),
    webhook.element);

  let run = null;
  let workflowName = null;
  let asked = 0;
  const showError = error => fill(problem, errorBox(error));
  // A run of another workspace, or none: said once, and not asked again.
  const gone = error => {
    if (error.status !== 404) throw error;
    showError(error);
    return null;
  };

  const refresh = async () => {
    const params = new URLSearchParams({page: state.page, pageSize: PAGE_SIZE});
    if (state.q) params.set('q', state.q);
    if (state.review) params.set('review', 'true');
    const mine = ++asked;
    const page = await api('GET', `/workflows/runs/${runId}?${params}`, undefined, {signal}).catch(gone);
    if (page === null) return false;
    // A slower answer to an older question (the filter as it was two keystrokes ago) is not drawn.
    if (mine !== asked) return true;
    const before = run;
    run = page;
    fill(problem);
    drawRun(before);
    drawItems(page);
    await webhook.refresh();
    // Items running when a run is cancelled still finish (and become cancelled) after the run is terminal.
    return !RUN_TERMINAL.has(page.status) || page.items.some(item => !ITEM_TERMINAL.has(item.status)) || webhook.pending();
  };

  const drawRun = before => {
    heading.textContent = run.name;
    document.title = `${run.name} · flowrun`;
    if (workflowName === null) {
      workflowName = `workflow ${run.workflowId}`;
      api('GET', `/workflows/${run.workflowId}`, undefined, {signal})
        .then(w => { workflowName = w.name; drawRun(run); }).catch(() => {});
    }
    const took = duration(run.startedAt, run.finishedAt);
    fill(meta, badge(run.status), run.paused ? [' ', badge('paused')] : null, ` · ${run.priority} priority · `, h('a', {href: `#/runs?workflowId=${run.workflowId}`, text: workflowName}),
      ' · created ', time(run.createdAt), run.finishedAt ? [' · finished ', time(run.finishedAt)] : null,
      took ? ` · took ${took}` : null);
    const progress = progressOf(run);
    bar.max = progress.max;
    if (progress.value === null) bar.removeAttribute('value'); else bar.value = progress.value;
    const text = `${run.status}${run.paused ? ', paused' : ''}: ${progress.text}`;
    if (barText.textContent !== text) barText.textContent = text;
    reviewLabel.textContent = `Only items to review (${run.reviewItems})`;
    fill(runError, run.error ? h('p', {class: 'error', text: `${run.error.code}: ${run.error.message}`}) : null);
    if (before && before.status !== run.status && RUN_TERMINAL.has(run.status)) announce(`The run is ${run.status}.`);
    drawActions();
  };

  const drawActions = () => {
    const terminal = RUN_TERMINAL.has(run.status);
    // A signed URL lasts a day (FLOWRUN_URL_TTL): the archive link drawn once stays good while the page is open.
    sync(actions, [
      terminal ? null : {key: 'pause', sig: run.paused ? 2 : 1,
        render: () => run.paused
          ? h('button', {type: 'button', id: 'resume-run', text: 'Resume run', onclick: () => pauseOrResume('resume')})
          : h('button', {type: 'button', id: 'pause-run', text: 'Pause run', onclick: () => pauseOrResume('pause')})},
      terminal ? null : {key: 'cancel', sig: 1,
        render: () => h('button', {type: 'button', class: 'danger', text: 'Cancel run', onclick: cancel})},
      terminal && run.completedItems < run.totalItems ? {key: 'retry', sig: 1,
        render: () => h('button', {type: 'button', text: 'Retry failed items', onclick: retry})} : null,
      run.outputArchiveUrl ? {key: 'download', sig: 1,
        render: () => h('a', {class: 'button', href: run.outputArchiveUrl, download: '', text: 'Download outputs (.zip)'})}
        : null,
    ].filter(Boolean));
  };

  const cancel = async () => {
    if (!await confirmDialog('Cancel this run? Items not started yet will not run.', 'Cancel run')) return;
    try {
      const answer = await api('POST', `/workflows/runs/${runId}/cancel`, undefined, {signal});
      announce(answer.ok ? 'The run is cancelled.' : 'The run had already finished.');
      polling.wake();
    } catch (error) {
      showError(error);
    }
  };

  // Items already running finish while the run is paused; none starts until it is resumed.
  const pauseOrResume = async action => {
    try {
      const answer = await api('POST', `/workflows/runs/${runId}/${action}`, undefined, {signal});
      announce(answer.ok ? (action === 'pause' ? 'The run is paused.' : 'The run goes on.')
        : 'The run had already changed.');
      polling.wake();
    } catch (error) {
      showError(error);
    }
  };

  const retry = async () => {
    try {
      const again = await api('POST', `/workflows/runs/${runId}/retry`, undefined, {signal});
      announce(`Run ${again.id} started with the items that did not complete.`);
      go(`#/runs/${again.id}`);
    } catch (error) {
      showError(error);
    }
  };

  const drawItems = page => {
    const first = (page.page - 1) * page.pageSize + 1;
    const last = first + page.items.length - 1;
    const which = [state.review ? ' to review' : '', state.q ? ` matching “${state.q}”` : ''].join('');
    shown.textContent = page.items.length
      ? `Items ${first}–${last} of ${page.itemsTotal}${which}`
      : (state.q || state.review ? `No items${which}.` : 'No items on this page.');
    sync(grid, page.items.map(item => ({key: item.id, sig: signature(item), render: () => card(item)})));
    pages.show(state.page, Math.ceil(page.itemsTotal / PAGE_SIZE));
  };

  const card = item => {
    const inputs = Object.values(item.uploadInputs);
    const name = inputs.map(input => input.fileName).join(' + ') || `item ${item.id}`;
    return h('li', {class: `item status-${item.status}`, 'data-item-id': item.id},
      h('div', {class: 'pair'},
        inputs.map(input => h('figure', {},
          thumbs.get(input.key, input.url, `Input ${input.fileName}`),
          h('figcaption', {text: 'Input'}))),
        item.outputs.length
          ? item.outputs.map(output => h('figure', {},
            thumbs.get(output.key, output.url, `Output ${baseName(output.key)}`, {checker: true}),
            h('figcaption', {text: 'Output'})))
          : h('figure', {}, h('span', {class: 'thumb checker empty'}), h('figcaption', {text: 'No output yet'}))),
      h('p', {class: 'name'}, h('a', {href: `#/runs/${runId}/items/${item.id}`, text: name}), ' ', badge(item.status),
        item.needsReview ? [' ', reviewBadge()] : null),
      item.status === ITEM.COMPLETED ? confidenceLine(runId, item) : null,
      item.error ? h('p', {class: 'error small', text: item.error.message}) : null);
  };

  const turn = delta => {
    state.page += delta;
    replaceQuery({page: state.page > 1 ? state.page : null});
    polling.wake();
  };

  review.addEventListener('change', () => {
    state.review = review.checked;
    state.page = 1;
    replaceQuery({review: state.review ? 'true' : null, page: null});
    polling.wake();
  });

  let typing = null;
  search.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => {
      state.q = search.value.trim();
      state.page = 1;
      replaceQuery({q: state.q, page: null});
      polling.wake();
    }, 300);
  });

  // Progress follows the run's live events; the items are read again at most every 2 s while events come, and
  // polling is only the fallback for when the stream cannot be had (or the run's last items still settle).
  let streaming = true;
  let reread = null;
  const polling = poll(signal, 1500, async () => (await refresh()) && !streaming, showError);
  const onEvent = event => {
    if (run !== null && String(event.data.runId) === String(runId)) {
      const before = run;
      run = {...run, status: event.name === 'run' ? event.data.status : run.status,
        paused: event.name === 'run' ? event.data.paused : run.paused,
        totalItems: event.data.totalItems, completedItems: event.data.completedItems,
        failedItems: event.data.failedItems};
      drawRun(before);
    }
    if (event.name === 'item' || RUN_TERMINAL.has(event.data.status)) {
      reread ??= setTimeout(() => { reread = null; polling.wake(); }, 2000);
    }
  };
  follow(runId, signal, onEvent).then(result => {
    streaming = false;
    if (result !== 'aborted') polling.wake();
  });
}

/** What a card shows: it is drawn again only when this changes. */
function signature(item) {
  return [item.status, item.outputs.map(o => o.key).join(), item.error?.code ?? '', item.needsReview].join('|');
}

/** Each completed item's lowest cut-out confidence, read once from its node states: it does not change any more. */
const confidences = new Map();

/** "Confidence 0.42" under a completed item's name, once its node states are read; nothing without a cut-out. */
function confidenceLine(runId, item) {
  const line = h('p', {class: 'confidence small muted'});
  if (!confidences.has(item.id)) {
    confidences.set(item.id, api('GET', `/workflows/runs/${runId}/items/${item.id}`)
      .then(detail => {
        const values = (detail.item ?? detail).nodeStates.map(state => state.confidence)
          .filter(value => typeof value === 'number');
        return values.length ? Math.min(...values) : null;
      })
      .catch(() => {
        confidences.delete(item.id);
        return null;
      }));
  }
  confidences.get(item.id).then(value => {
    if (value !== null) {
      line.textContent = `Confidence ${value.toFixed(2)}`;
      line.title = 'How sure the service is that the cut-out is right, from 0 to 1 (the lowest of its cut-outs)';
    }
  });
  return line;
}
