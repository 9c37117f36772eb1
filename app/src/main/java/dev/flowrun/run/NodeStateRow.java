package dev.flowrun.run;

import java.time.Instant;

public record NodeStateRow(long itemId, String nodeId, String status, String fileKeys, Instant startedAt,
                           Instant finishedAt) {
}
