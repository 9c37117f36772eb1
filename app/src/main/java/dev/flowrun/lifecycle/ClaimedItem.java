package dev.flowrun.lifecycle;

/**
 * An item claimed by a worker: running under {@code claim} (this instance's id), which fences its finish.
 * {@code inputs}: the item's inputs as stored (JSON), which never change.
 */
public record ClaimedItem(long runId, long itemId, String claim, String inputs) {
}
