package dev.flowrun.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.flowrun.lifecycle.DeliveryStatus;
import java.time.Instant;
import java.util.List;

/** {@code GET /workflows/runs/{runId}/webhook}: where the run's callback stands, and why. */
public record WebhookStatus(String url, DeliveryStatus status, List<AttemptView> attempts) {

    @JsonPropertyOrder({"attempt", "at", "statusCode", "error", "latencyMs"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AttemptView(int attempt, Instant at, Integer statusCode, String error, long latencyMs) {
    }
}
