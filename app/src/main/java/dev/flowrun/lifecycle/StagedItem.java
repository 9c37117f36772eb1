package dev.flowrun.lifecycle;

/**
 * An item read from a zip run's archive, waiting for the whole archive to be read ({@link IngestTransitions});
 * {@code inputs}: its inputs as they will be stored (JSON); {@code searchText}: what {@code q} searches in.
 */
public record StagedItem(long runId, int position, String inputs, String searchText) {
}
