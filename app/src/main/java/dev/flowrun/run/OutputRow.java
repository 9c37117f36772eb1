package dev.flowrun.run;

/** One output file of an item; {@code fileName} is its path in the run's archive, {@code nodeChain} JSON. */
public record OutputRow(long id, long runId, long itemId, String nodeId, String fileKey, String fileName,
                        String nodeChain) {
}
