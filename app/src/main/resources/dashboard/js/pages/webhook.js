// A run's webhook deliveries (GET /workflows/runs/{runId}/webhook): where its callback stands, and why.

import {api} from '../api.js';
import {badge, errorBox, fill, h, time} from '../dom.js';
import {DELIVERY} from '../statuses.js';

export function webhookSection(runId, signal) {
  const body = h('div', {class: 'webhook'});
  const element = h('section', {'aria-labelledby': 'webhook-heading'},
    h('h2', {id: 'webhook-heading', text: 'Webhook deliveries'}), body);
  let last = null;
  let none = false;

  const refresh = async () => {
    if (none) return;
    try {
      const status = await api('GET', `/workflows/runs/${runId}/webhook`, undefined, {signal});
      const text = JSON.stringify(status);
      if (text !== last) draw(status);
      last = text;
    } catch (error) {
      if (error.status === 404) {
        none = true;
        fill(body, h('p', {class: 'muted', text: 'This run was started without a webhook URL.'}));
      } else if (error.name !== 'AbortError') {
        fill(body, errorBox(error));
      }
    }
  };

  const draw = status => {
    fill(body,
      h('p', {}, 'To ', h('code', {text: status.url}), ' — ', badge(status.status)),
      status.attempts.length === 0
        ? h('p', {class: 'muted', text: status.status === DELIVERY.PENDING
          ? 'Nothing sent yet: the event is sent when the run finishes.' : 'No attempts recorded.'})
        : h('table', {class: 'attempts'},
          h('caption', {class: 'sr-only', text: 'Delivery attempts'}),
          h('thead', {}, h('tr', {}, ['Attempt', 'At', 'Answer', 'Time taken'].map(t => h('th', {scope: 'col', text: t})))),
          h('tbody', {}, status.attempts.map(a => h('tr', {},
            h('td', {text: a.attempt}),
            h('td', {}, time(a.at)),
            h('td', {text: [a.statusCode ? `HTTP ${a.statusCode}` : null, a.error].filter(Boolean).join(' — ') || '—'}),
            h('td', {text: `${a.latencyMs} ms`}))))));
  };

  return {element, refresh, pending: () => !none && last !== null && JSON.parse(last).status === DELIVERY.PENDING};
}
