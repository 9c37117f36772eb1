package dev.flowrun.lifecycle;

import java.time.Instant;

/**
 * A row of {@code webhook_deliveries}: the frozen event for one run and where its delivery stands; {@code claimedBy}:
 * the instance that sends it.
 */
public record Delivery(long runId, String url, String payload, DeliveryStatus status, int attempts,
                       Instant nextAttemptAt, Instant createdAt, Instant updatedAt, String claimedBy) {
}
