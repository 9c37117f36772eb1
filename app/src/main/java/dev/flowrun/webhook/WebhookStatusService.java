package dev.flowrun.webhook;

import dev.flowrun.error.NotFound;
import dev.flowrun.lifecycle.Delivery;
import dev.flowrun.lifecycle.DeliveryStatus;
import dev.flowrun.lifecycle.DeliveryTransitions;
import dev.flowrun.lifecycle.RunRows;
import dev.flowrun.lifecycle.RunRow;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/** Answers where a run's webhook delivery stands, so a user can see why a callback did not arrive. */
public final class WebhookStatusService {
    private final Jdbi jdbi;

    public WebhookStatusService(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    public WebhookStatus status(long workspaceId, long runId) {
        return jdbi.inTransaction(handle -> {
            RunRow run = handle.attach(RunRows.class).findRun(workspaceId, runId)
                    .orElseThrow(() -> new NotFound("run " + runId + " not found"));
            if (run.webhookUrl() == null) {
                throw new NotFound("run " + runId + " has no webhookUrl");
            }
            DeliveryTransitions dao = handle.attach(DeliveryTransitions.class);
            Optional<Delivery> delivery = dao.find(runId);
            if (delivery.isEmpty()) {
                // The event is written when the run finishes; until then it is simply owed.
                return new WebhookStatus(MaskedUrl.of(run.webhookUrl()), DeliveryStatus.PENDING, List.of());
            }
            List<WebhookStatus.AttemptView> attempts = dao.attempts(runId, delivery.get().attempts()).stream()
                    .map(a -> new WebhookStatus.AttemptView(a.attempt(), a.at(), a.statusCode(), a.error(), a.latencyMs()))
                    .toList();
            return new WebhookStatus(MaskedUrl.of(delivery.get().url()), delivery.get().status(), attempts);
        });
    }
}
