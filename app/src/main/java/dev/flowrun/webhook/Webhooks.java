package dev.flowrun.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.db.Database;
import dev.flowrun.metrics.Metrics;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import okhttp3.OkHttpClient;

/**
 * The webhook feature's parts, built from its settings: the sender that delivers from the outbox, the outbox a
 * finished run writes into, the reads behind a run's webhook status, and the takeover of another instance's
 * deliveries.
 */
public record Webhooks(WebhookSender sender, WebhookOutbox outbox, WebhookStatusService status,
                       WebhookTakeover takeover) {
    /** Deliveries in flight at once: enough for slow receivers not to hold up others, bounded all the same. */
    private static final int IN_FLIGHT = 16;

    /** {@code FLOWRUN_WEBHOOK_TIMEOUT} and {@code FLOWRUN_WEBHOOK_RETRY_DELAYS}. */
    public record Settings(Duration timeout, List<Duration> retryDelays) {
    }

    /** {@code client} is the app's one outbound client; the sender derives its own with the webhook timeout. */
    public static Webhooks create(Settings settings, Database database, OkHttpClient client, Clock clock,
                                  Metrics metrics, Supplier<String> instance, ObjectMapper mapper) {
        var sender = new WebhookSender(database.jdbi(), WebhookClient.from(client, settings.timeout()),
                new RetrySchedule(settings.retryDelays()), settings.timeout(), IN_FLIGHT, clock, metrics, instance,
                database.availability());
        return new Webhooks(sender, new WebhookOutbox(mapper, sender, clock), new WebhookStatusService(database.jdbi()),
                new WebhookTakeover(sender));
    }
}
