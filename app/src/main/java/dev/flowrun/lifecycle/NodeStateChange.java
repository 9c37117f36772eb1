package dev.flowrun.lifecycle;

import java.time.Instant;

/**
 * A node's whole state for one item as it is to be written; {@code fileKeys} is a JSON array of store keys;
 * {@code method} and {@code confidence} only on a cut-out's, else null.
 */
public record NodeStateChange(String nodeId, NodeStatus status, String fileKeys, Instant startedAt,
                              Instant finishedAt, String method, Double confidence) {
}
