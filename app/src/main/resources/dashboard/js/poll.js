// Polling that stops when its page is left: the page's AbortSignal ends it.

/**
 * Calls `tick` now and again every `ms` until it resolves to false or the signal aborts. A failed tick is shown
 * through `onError` and tried again: a service restarting for a moment should not freeze the page. `wake()`
 * ticks at once, and starts polling again if it had stopped (after an action that changes what is shown).
 */
export function poll(signal, ms, tick, onError = () => {}) {
  let timer = null;
  let running = false;
  const run = async () => {
    clearTimeout(timer);
    timer = null;
    if (signal.aborted) return;
    running = true;
    let again = true;
    try {
      // A tab in the background asks nothing; it catches up within one period of being shown again.
      if (!document.hidden) again = await tick();
    } catch (error) {
      if (signal.aborted || error.name === 'AbortError') return;
      onError(error);
    } finally {
      running = false;
    }
    if (again !== false && !signal.aborted && timer === null) timer = setTimeout(run, ms);
  };
  signal.addEventListener('abort', () => clearTimeout(timer));
  run();
  return {wake: () => { if (!running) run(); }};
}
