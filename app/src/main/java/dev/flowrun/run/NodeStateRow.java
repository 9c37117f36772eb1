package dev.flowrun.run;

import dev.flowrun.lifecycle.NodeStatus;
import java.time.Instant;

/** A row of {@code node_states}; {@code method} and {@code confidence} only on a cut-out's, else null. */
public record NodeStateRow(long itemId, String nodeId, NodeStatus status, String fileKeys, Instant startedAt,
                           Instant finishedAt, String method, Double confidence) {
}
