package dev.flowrun.engine;

/** One item waiting for a worker. */
record ItemTask(long runId, long itemId) {
}
