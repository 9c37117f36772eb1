package dev.flowrun.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.db.Database;
import dev.flowrun.lifecycle.RunListener;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.net.LazyClient;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * The webhook feature's parts, built from its settings: the sender that delivers from the outbox, the outbox a
 * finished run writes into, the reads behind a run's webhook status, and the takeover of another instance's
 * deliveries.
 */
public record Webhooks(WebhookSender sender, RunListener outbox, WebhookStatusService status,
                       WebhookTakeover takeover) {

    /** {@code client} is the app's one outbound client; the sender derives its own with the webhook timeout. */
    public static Webhooks create(WebhookSettings settings, Database database, LazyClient client, Clock clock,
                                  Metrics metrics, Supplier<String> instance, ObjectMapper mapper) {
        var sender = new WebhookSender(database.jdbi(), database.availability(), client, settings, clock, metrics,
                instance);
        return new Webhooks(sender, new WebhookOutbox(mapper, sender), new WebhookStatusService(database.jdbi()),
                new WebhookTakeover(sender));
    }
}
