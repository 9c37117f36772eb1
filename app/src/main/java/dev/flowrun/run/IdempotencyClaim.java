package dev.flowrun.run;

import java.time.Instant;

/** The key a create claims in its own transaction, with what it is compared by; keys older than {@code since} are free. */
record IdempotencyClaim(String key, long workflowId, String requestHash, Instant since) {
}
