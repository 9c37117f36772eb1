package dev.flowrun.run;

import java.time.Instant;

/** A row of {@code run_items}; {@code inputs} is the JSON of {@link ItemInput}s by input node id. */
public record ItemRow(
        long id,
        long runId,
        int position,
        String status,
        String inputs,
        String errorCode,
        String errorMessage,
        Instant startedAt,
        Instant finishedAt) {
}
