package dev.flowrun.lifecycle;

import java.time.Instant;

/** A row of {@code webhook_attempts}: what one attempt met. */
public record Attempt(long runId, int attempt, Instant at, Integer statusCode, String error, long latencyMs) {
}
