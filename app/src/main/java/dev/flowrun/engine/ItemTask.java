package dev.flowrun.engine;

/** One item a worker has claimed; {@code claim} is the instance id it was claimed under, which fences its finish. */
record ItemTask(long runId, long itemId, String claim) {
}
