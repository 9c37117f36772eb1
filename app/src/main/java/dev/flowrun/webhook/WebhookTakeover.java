package dev.flowrun.webhook;

import dev.flowrun.cluster.Abandoned;
import dev.flowrun.cluster.Takeover;
import dev.flowrun.db.Columns;
import java.time.Instant;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * Deliveries a gone instance still owed: marked as the taker's and scheduled there at their due time. An attempt that
 * was in flight when the instance died may reach the receiver twice, as any retry may (at-least-once delivery).
 */
public final class WebhookTakeover implements Takeover {
    private final WebhookSender sender;

    public WebhookTakeover(WebhookSender sender) {
        this.sender = sender;
    }

    private record Owed(long runId, Instant due) {
    }

    @Override
    public int takeOver(Handle handle, Abandoned abandoned) {
        List<Owed> owed = abandoned.bind(handle.createQuery("""
                        SELECT run_id, next_attempt_at FROM webhook_deliveries
                        WHERE status = 'pending' AND\s""" + abandoned.where("claimed_by")))
                .map((rs, ctx) -> new Owed(rs.getLong("run_id"), Columns.instant(rs, "next_attempt_at")))
                .list();
        if (owed.isEmpty()) {
            return 0;
        }
        abandoned.bind(handle.createUpdate("UPDATE webhook_deliveries SET claimed_by = :taker"
                        + " WHERE status = 'pending' AND " + abandoned.where("claimed_by")))
                .bind("taker", abandoned.taker()).execute();
        handle.afterCommit(() -> owed.forEach(delivery -> sender.schedule(delivery.runId(), delivery.due())));
        return owed.size();
    }

    @Override
    public String what() {
        return "webhook deliveries";
    }
}
