package dev.flowrun.webhook;

import dev.flowrun.cluster.Takeover;
import dev.flowrun.lifecycle.Abandoned;
import dev.flowrun.lifecycle.DeliveryTransitions;
import dev.flowrun.lifecycle.DeliveryTransitions.Owed;
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

    @Override
    public int takeOver(Handle handle, Abandoned abandoned) {
        List<Owed> owed = handle.attach(DeliveryTransitions.class).takeOver(abandoned);
        handle.afterCommit(() -> owed.forEach(delivery -> sender.schedule(delivery.runId(), delivery.due())));
        return owed.size();
    }

    @Override
    public String what() {
        return "webhook deliveries";
    }
}
