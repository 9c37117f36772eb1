// One item: its input beside its outputs, then every node's state in execution order with its files and timings.

import {api} from '../api.js';
import {badge, baseName, duration, errorBox, fill, h, reviewBadge, sync, time} from '../dom.js';
import {poll} from '../poll.js';
import {ITEM_TERMINAL} from '../statuses.js';
import {Thumbs} from '../thumbs.js';

export function itemPage(main, {params: [runId, itemId], signal}) {
  // Two sets: the same file is shown at the top and under its step, and one picture can be in one place only.
  const thumbs = new Thumbs();
  const stepThumbs = new Thumbs();
  const heading = h('h1', {text: `Item ${itemId}`});
  const meta = h('p', {class: 'meta'});
  const problem = h('div');
  const files = h('div', {class: 'pair large'});
  const chain = h('p', {class: 'muted'});
  const steps = h('ol', {class: 'steps'});
  main.append(
    h('p', {}, h('a', {href: `#/runs/${runId}`, class: 'back', text: `← Back to run ${runId}`})),
    heading, meta, problem,
    h('section', {'aria-labelledby': 'files-heading'}, h('h2', {id: 'files-heading', text: 'Input and output'}), files, chain),
    h('section', {'aria-labelledby': 'steps-heading'}, h('h2', {id: 'steps-heading', text: 'Steps'}), steps));

  let nodes = null;

  const refresh = async () => {
    const answer = await api('GET', `/workflows/runs/${runId}/items/${itemId}`, undefined, {signal}).catch(error => {
      if (error.status !== 404) throw error;
      fill(problem, errorBox(error));
      return null;
    });
    if (answer === null) return false;
    const {run, item} = answer;
    if (nodes === null) {
      nodes = new Map();
      // Labels and types come from the workflow as it is now; a node it no longer has is shown by its id.
      await api('GET', `/workflows/${run.workflowId}`, undefined, {signal})
        .then(w => w.graph.nodes.forEach(n => nodes.set(n.id, n))).catch(() => {});
    }
    draw(run, item);
    return !ITEM_TERMINAL.has(item.status);
  };

  const draw = (run, item) => {
    const inputs = Object.entries(item.uploadInputs);
    const name = inputs.map(([, input]) => input.fileName).join(' + ');
    heading.textContent = `Item: ${name}`;
    document.title = `${name} · flowrun`;
    const took = duration(item.startedAt, item.finishedAt);
    fill(meta, badge(item.status), item.needsReview ? [' ', reviewBadge()] : null, ' in ', h('a', {href: `#/runs/${runId}`, text: run.name}),
      ' · started ', time(item.startedAt), item.finishedAt ? [' · finished ', time(item.finishedAt)] : null,
      took ? ` · took ${took}` : null);
    fill(problem, item.error ? errorBox({message: `${item.error.code}: ${item.error.message}`}) : null);
    // Drawn again when the item moves on: an input still downloading has no picture yet.
    sync(files, [
      ...inputs.map(([nodeId, input]) => ({key: input.key, sig: item.status, render: () => h('figure', {},
        thumbs.get(input.key, input.url, `Input ${input.fileName}`, {link: true}),
        h('figcaption', {text: `Input (${nodeLabel(nodeId)}): ${input.fileName}`}))})),
      ...item.outputs.map(output => ({key: output.key, sig: 1, render: () => h('figure', {},
        thumbs.get(output.key, output.url, `Output ${baseName(output.key)}`, {checker: true, link: true}),
        h('figcaption', {text: `Output: ${baseName(output.key)}`}))})),
    ]);
    chain.textContent = item.outputs.length
      ? item.outputs.map(o => `${baseName(o.key)} went through ${o.processedNodeChain.join(' → ')}`).join('; ')
      : '';
    sync(steps, item.nodeStates.map(state => ({
      key: state.nodeId,
      sig: [state.status, state.finishedAt, state.fileKeys.join(), state.confidence].join('|'),
      render: () => step(state),
    })));
  };

  const nodeLabel = nodeId => {
    const node = nodes?.get(nodeId);
    if (!node) return nodeId;
    return node.data?.label ? `${node.data.label} (${node.type})` : `${node.type} · ${nodeId}`;
  };

  const step = state => {
    const took = duration(state.startedAt, state.finishedAt);
    return h('li', {class: `step status-${state.status}`},
      h('h3', {}, nodeLabel(state.nodeId), ' ', badge(state.status)),
      h('p', {class: 'muted'},
        state.startedAt ? ['started ', time(state.startedAt)] : 'not started',
        took ? ` · took ${took}` : null,
        state.method ? ` · ${state.method} method, confidence ${state.confidence.toFixed(2)}` : null),
      state.fileUrls.length
        ? h('ul', {class: 'files'}, state.fileUrls.map((url, i) => h('li', {},
          stepThumbs.get(state.fileKeys[i], url, `${nodeLabel(state.nodeId)} file ${baseName(state.fileKeys[i])}`,
            {checker: true, link: true}),
          h('span', {class: 'file-name', text: baseName(state.fileKeys[i])}))))
        : null);
  };

  poll(signal, 1500, refresh, error => fill(problem, errorBox(error)));
}
