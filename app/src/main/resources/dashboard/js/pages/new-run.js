// Starting a run: pick the workflow, drop local files (sent with POST /uploads) and/or paste URLs, or give a zip.

import {api, newRequestKey, upload} from '../api.js';
import {announce, errorBox, fill, h} from '../dom.js';
import {inputField} from './input-field.js';
import {PRIORITIES, PRIORITY} from '../statuses.js';

export function newRunPage(main, {query, signal, go}) {
  const alert = h('div', {role: 'alert', class: 'alert-slot'});
  const workflow = h('select', {id: 'run-workflow', required: true});
  const inputsBox = h('div', {class: 'inputs'});
  const zipUrl = h('input', {id: 'run-zip-url', type: 'url', placeholder: 'https://example.com/photos.zip'});
  const zipLayout = h('select', {id: 'run-zip-layout'},
    h('option', {value: 'preserve', text: 'keep its folders'}), h('option', {value: 'flatten', text: 'all at the top'}));
  const webhook = h('input', {id: 'run-webhook', type: 'url', placeholder: 'https://example.com/hooks/flowrun?secret=…'});
  const priority = h('select', {id: 'run-priority'},
    PRIORITIES.map(p => h('option', {value: p, text: p, selected: p === PRIORITY.NORMAL})));
  const start = h('button', {type: 'submit', class: 'primary', text: 'Start run'});
  const sending = h('progress', {id: 'upload-progress', max: 1, value: 0, hidden: true, 'aria-labelledby': 'upload-text'});
  const sendingText = h('span', {id: 'upload-text', 'aria-live': 'polite'});
  let fields = [];
  let workflows = [];

  const form = h('form', {class: 'new-run', novalidate: true},
    h('label', {for: 'run-workflow', text: 'Workflow'}), workflow,
    inputsBox,
    h('label', {for: 'run-priority', text: 'Priority (items of higher runs start first)'}), priority,
    h('details', {},
      h('summary', {text: 'A zip archive by URL, and a webhook'}),
      h('label', {for: 'run-zip-url', text: 'Zip archive URL (instead of images)'}), zipUrl,
      h('label', {for: 'run-zip-layout', text: 'Outputs of a zip'}), zipLayout,
      h('label', {for: 'run-webhook', text: 'Webhook URL (https, called once when the run finishes)'}), webhook),
    h('div', {class: 'actions'}, start, sending, sendingText));
  main.append(h('h1', {text: 'New run'}), alert, form);

  const showInputs = () => {
    const chosen = workflows.find(w => String(w.id) === workflow.value);
    const nodes = (chosen?.graph?.nodes || []).filter(n => n.type === 'imageInput');
    fields = nodes.map(node => inputField(node, nodes.length > 1));
    fill(inputsBox, fields.map(f => f.element));
  };
  workflow.addEventListener('change', showInputs);

  api('GET', '/workflows', undefined, {signal}).then(list => {
    workflows = list;
    const wanted = query.get('workflowId');
    fill(workflow, list.map(w => h('option', {value: w.id, text: w.name, selected: String(w.id) === wanted})));
    showInputs();
  }).catch(error => { if (error.name !== 'AbortError') fill(alert, errorBox(error)); });

  form.addEventListener('submit', async event => {
    event.preventDefault();
    fill(alert);
    fields.forEach(f => f.clearError());
    [webhook, zipUrl, zipLayout].forEach(el => el.removeAttribute('aria-invalid'));
    start.disabled = true;
    try {
      const body = await requestBody();
      if (!body) return;
      const run = await api('POST', `/workflows/${workflow.value}/runs`, body,
        {signal, headers: {'Idempotency-Key': newRequestKey()}});
      announce(`Run ${run.id} started.`);
      go(`#/runs/${run.id}`);
    } catch (error) {
      refused(error);
    } finally {
      start.disabled = false;
      sending.hidden = true;
    }
  });

  /** The create request, after sending any local files; null (with a message shown) when something is missing. */
  const requestBody = async () => {
    const files = fields.flatMap(f => f.files());
    const zips = files.filter(file => /\.zip$/i.test(file.name));
    const urls = fields.flatMap(f => f.urls());
    const body = {};
    if (webhook.value.trim()) body.webhookUrl = webhook.value.trim();
    if (priority.value !== PRIORITY.NORMAL) body.priority = priority.value;
    if (zips.length || zipUrl.value.trim()) {
      if (zips.length + (zipUrl.value.trim() ? 1 : 0) > 1 || files.length > zips.length || urls.length) {
        fill(alert, errorBox({message: 'A zip archive runs on its own: give one zip, or images, not both.'}));
        return null;
      }
      body.zipLayout = zipLayout.value;
      body.zipUrl = zips.length ? (await send(zips))[0].url : zipUrl.value.trim();
      return body;
    }
    if (!files.length && !urls.length) {
      fill(alert, errorBox({message: 'Add at least one image: drop or choose files, or paste URLs.'}));
      fields[0]?.focus();
      return null;
    }
    const uploaded = files.length ? await send(files) : [];
    let next = 0;
    body.inputs = {};
    for (const field of fields) {
      const own = field.files().map(() => uploaded[next++]).map(f => ({url: f.url, name: f.name}));
      body.inputs[field.nodeId] = {files: [...own, ...field.urls().map(url => ({url}))]};
    }
    return body;
  };

  const send = async files => {
    sending.hidden = false;
    sending.value = 0;
    sendingText.textContent = `Sending ${files.length} file${files.length > 1 ? 's' : ''}…`;
    let said = 0;
    const answer = await upload(files, fraction => {
      sending.value = fraction;
      // Said aloud at each quarter, not at every event.
      if (Math.floor(fraction * 4) > said) {
        said = Math.floor(fraction * 4);
        sendingText.textContent = `Sending files: ${Math.round(fraction * 100)}%`;
      }
    });
    sendingText.textContent = 'Files sent; starting the run…';
    return answer.files;
  };

  const refused = error => {
    const where = error.field ? ` (${error.field})` : '';
    fill(alert, errorBox({message: `The run was not started: ${error.message}${where}`}));
    const nodeId = error.field?.match(/^inputs\.([^.[]+)/)?.[1];
    const byField = {webhookUrl: webhook, zipUrl, zipLayout, priority};
    const target = fields.find(f => f.nodeId === nodeId) ?? byField[error.field];
    if (target?.markInvalid) target.markInvalid();
    else if (target) {
      target.setAttribute('aria-invalid', 'true');
      target.closest('details')?.setAttribute('open', '');
      target.focus();
    }
  };
}
