// How far a run has got, for a <progress> bar and the words beside it.

import {RUN_TERMINAL} from './statuses.js';

/** {max, value (null: not known yet), text} for a run. */
export function progressOf(run) {
  const done = run.completedItems + run.failedItems;
  const terminal = RUN_TERMINAL.has(run.status);
  if (run.totalItems === 0) {
    // A zip run counts its items only once the archive has been read (docs/zip-runs.md).
    return {max: 1, value: terminal ? 1 : null, text: terminal ? 'no items' : 'reading the input…'};
  }
  const parts = [`${done} of ${run.totalItems} done`];
  if (run.failedItems) parts.push(`${run.failedItems} failed`);
  const cancelled = terminal ? run.totalItems - done : 0;
  if (cancelled > 0) parts.push(`${cancelled} cancelled`);
  return {max: run.totalItems, value: done, text: parts.join(', ')};
}
