// Creating and editing a workflow: name, description and the graph as JSON, with a step-adding form and a drawing
// that follows the JSON. A refused save is shown on the node or edge at fault.

import {api} from '../api.js';
import {announce, confirmDialog, errorBox, fill, h} from '../dom.js';
import {drawGraph} from '../graph.js';
import {faultsOf} from '../faults.js';
import {NODE_TYPES, addStep, describeType} from '../steps.js';

const STARTER = {
  nodes: [
    {id: 'node_1', type: 'imageInput', position: {x: 0, y: 0}, data: {}},
    {id: 'node_2', type: 'removeBackground', position: {x: 250, y: 0}, data: {}},
    {id: 'node_3', type: 'output', position: {x: 500, y: 0}, data: {format: 'png'}},
  ],
  edges: [{id: 'edge_1', source: 'node_1', target: 'node_2'}, {id: 'edge_2', source: 'node_2', target: 'node_3'}],
};

export function workflowEditPage(main, {params: [existingId], query, signal, go}) {
  let id = existingId ? Number(existingId) : null;
  const heading = h('h1', {text: id ? 'Edit workflow' : 'New workflow'});
  const alert = h('div', {role: 'alert', class: 'alert-slot'});
  const status = h('p', {role: 'status', class: 'muted'});
  const name = h('input', {id: 'wf-name', required: true, maxlength: 200, 'aria-describedby': 'wf-name-error'});
  const nameError = h('p', {id: 'wf-name-error', class: 'field-error'});
  const description = h('textarea', {id: 'wf-description', rows: 2, maxlength: 2000});
  const graphText = h('textarea', {id: 'wf-graph', rows: 18, spellcheck: 'false', class: 'code',
    'aria-describedby': 'wf-graph-help wf-graph-error'});
  const graphError = h('div', {id: 'wf-graph-error', class: 'field-error'});
  const stepType = h('select', {id: 'step-type', 'aria-describedby': 'step-help'},
    NODE_TYPES.map(t => h('option', {value: t, text: t})));
  const stepHelp = h('div', {id: 'step-help', class: 'help step-help'});
  const stepAfter = h('select', {id: 'step-after'});
  const preview = h('div', {class: 'graph-box', 'aria-live': 'off'});
  const save = h('button', {type: 'submit', class: 'primary', text: 'Save workflow'});
  const remove = h('button', {type: 'button', class: 'danger', text: 'Delete workflow', hidden: !id});
  let faults = {nodes: new Map(), edges: new Map(), other: null};

  const form = h('form', {class: 'editor', novalidate: true},
    h('div', {class: 'fields'},
      h('label', {for: 'wf-name', text: 'Name'}), name, nameError,
      h('label', {for: 'wf-description', text: 'Description'}), description,
      h('fieldset', {class: 'add-step'},
        h('legend', {text: 'Add a step'}),
        h('label', {for: 'step-type', text: 'Type'}), stepType, stepHelp,
        h('label', {for: 'step-after', text: 'After'}), stepAfter,
        h('button', {type: 'button', text: 'Add step', onclick: () => onAddStep()})),
      h('div', {class: 'actions'}, save, remove)),
    h('div', {class: 'json'},
      h('label', {for: 'wf-graph', text: 'Graph (JSON)'}),
      h('p', {id: 'wf-graph-help', class: 'help',
        text: 'nodes: [{id, type, data}], edges: [{id, source, target}]. Every step but an input has one arrow in.'}),
      graphText, graphError));
  // The drawing comes first: a refused save is seen on it, above the form, without scrolling.
  main.append(h('p', {}, h('a', {href: '#/workflows', class: 'back', text: '← All workflows'})), heading, alert, status,
    h('section', {class: 'preview', 'aria-labelledby': 'preview-heading'},
      h('h2', {id: 'preview-heading', class: 'sr-only', text: 'Graph'}), preview),
    form);

  const parsed = () => {
    try {
      return {graph: JSON.parse(graphText.value)};
    } catch (error) {
      return {error: error.message};
    }
  };

  const redraw = () => {
    const {graph, error} = parsed();
    if (error) {
      fill(graphError, h('p', {text: `The graph is not valid JSON yet: ${error}`}));
      return;
    }
    fill(graphError, faults.other ? h('p', {text: faults.other}) : null);
    fill(preview, drawGraph(graph, `Graph of ${name.value || 'the new workflow'}`, faults),
      [...new Set([...faults.nodes.values(), ...faults.edges.values()])].map(m => h('p', {class: 'fault-note', text: `⚠ ${m}`})));
    const current = stepAfter.value;
    fill(stepAfter, (Array.isArray(graph.nodes) ? graph.nodes : []).filter(n => n && n.id).map(n =>
      h('option', {value: n.id, text: `${n.id} (${n.type})`, selected: n.id === current})));
  };

  // What the chosen type does and the data it takes, from the service's catalogue.
  const showStepHelp = () => {
    const {does, fields} = describeType(stepType.value);
    fill(stepHelp, h('p', {text: does}), fields.length === 0 ? h('p', {text: 'No settings.'}) :
      h('dl', {}, fields.flatMap(f => [
        h('dt', {}, h('code', {text: f.name})),
        h('dd', {text: `${f.rule}${f.required ? ', required' : f.default !== undefined ? ` (default ${f.default})` : ''}`
          + `. ${f.help}`})])));
  };
  stepType.addEventListener('change', showStepHelp);
  showStepHelp();

  const setGraph = graph => {
    graphText.value = JSON.stringify(graph, null, 2);
    redraw();
  };

  const onAddStep = () => {
    const {graph, error} = parsed();
    if (error) {
      graphText.focus();
      return;
    }
    const added = addStep(graph, stepType.value, stepAfter.value);
    setGraph(graph);
    announce(`Added ${added} after ${stepAfter.value || 'nothing'}.`);
  };

  let typing = null;
  graphText.addEventListener('input', () => { clearTimeout(typing); typing = setTimeout(redraw, 250); });

  form.addEventListener('submit', async event => {
    event.preventDefault();
    fill(alert);
    fill(nameError);
    name.removeAttribute('aria-invalid');
    graphText.removeAttribute('aria-invalid');
    const {graph, error} = parsed();
    if (error) {
      graphText.setAttribute('aria-invalid', 'true');
      fill(alert, errorBox({message: `Not saved: the graph is not valid JSON (${error}).`}));
      graphText.focus();
      return;
    }
    save.disabled = true;
    try {
      const body = {name: name.value, description: description.value, graph};
      const saved = await api(id ? 'PUT' : 'POST', id ? `/workflows/${id}` : '/workflows', body, {signal});
      faults = {nodes: new Map(), edges: new Map(), other: null};
      id = saved.id;
      history.replaceState(null, '', `#/workflows/${id}`);
      heading.textContent = `Edit ${saved.name}`;
      remove.hidden = false;
      status.textContent = `Saved “${saved.name}”.`;
      redraw();
    } catch (failure) {
      onRefused(failure, graph);
    } finally {
      save.disabled = false;
    }
  });

  const onRefused = (failure, graph) => {
    fill(alert, errorBox({message: `Not saved: ${failure.message}`}));
    if (failure.code === 'invalid_workflow') {
      faults = faultsOf(failure.message, graph);
      graphText.setAttribute('aria-invalid', 'true');
      redraw();
    } else if (failure.field === 'name') {
      name.setAttribute('aria-invalid', 'true');
      fill(nameError, failure.message);
      name.focus();
    }
  };

  remove.addEventListener('click', async () => {
    if (!await confirmDialog(`Delete the workflow “${name.value}”? Runs already made keep running.`, 'Delete')) return;
    try {
      await api('DELETE', `/workflows/${id}`, undefined, {signal});
      go('#/workflows');
    } catch (failure) {
      fill(alert, errorBox(failure));
    }
  });

  const from = id ?? (query.get('from') ? Number(query.get('from')) : null);
  if (from === null) {
    setGraph(STARTER);
    return;
  }
  api('GET', `/workflows/${from}`, undefined, {signal}).then(w => {
    name.value = id ? w.name : `Copy of ${w.name}`;
    description.value = w.description || '';
    if (id) heading.textContent = `Edit ${w.name}`;
    setGraph(w.graph);
  }).catch(failure => { if (failure.name !== 'AbortError') fill(alert, errorBox(failure)); });
}
