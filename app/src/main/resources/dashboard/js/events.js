// A run's live events (GET /workflows/runs/{id}/events) read with fetch: EventSource cannot send the key.

import {session} from './api.js';
import {RUN_TERMINAL} from './statuses.js';

/**
 * Reads the run's stream, calling `onEvent({id, name, data})` for each event, and reconnects with Last-Event-ID
 * when the connection breaks. Resolves to 'ended' after the run's terminal event, 'unavailable' when the stream cannot
 * be had (then the page polls instead), or 'aborted' when the page is left.
 */
export async function follow(runId, signal, onEvent) {
  let lastId = null;
  let failures = 0;
  while (!signal.aborted) {
    let ended = false;
    try {
      const headers = {Authorization: `Bearer ${session.key()}`, Accept: 'text/event-stream'};
      if (lastId !== null) headers['Last-Event-ID'] = lastId;
      const response = await fetch(`/workflows/runs/${runId}/events`, {headers, signal});
      if (!response.ok || !response.body) return 'unavailable';
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const {value, done} = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event === null) continue;
          lastId = event.id ?? lastId;
          failures = 0;
          onEvent(event);
          ended ||= event.name === 'run' && RUN_TERMINAL.has(event.data.status);
        }
      }
      if (ended) return 'ended';
    } catch (error) {
      if (signal.aborted) return 'aborted';
    }
    if (++failures > 3) return 'unavailable';
    await new Promise(resolve => setTimeout(resolve, 1000 * failures));
  }
  return 'aborted';
}

/** One event's lines; null for a comment (the stream's keep-alive). */
function parse(block) {
  let id = null;
  let name = null;
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  return name === null || data === '' ? null : {id, name, data: JSON.parse(data)};
}
