package dev.flowrun.webhook;

import dev.flowrun.work.Env;
import java.time.Duration;
import java.util.List;

/** {@code FLOWRUN_WEBHOOK_TIMEOUT} (per attempt) and {@code FLOWRUN_WEBHOOK_RETRY_DELAYS}. */
public record WebhookSettings(Duration timeout, List<Duration> retryDelays) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_WEBHOOK_RETRY_DELAYS", "FLOWRUN_WEBHOOK_TIMEOUT");

    public static final List<Duration> DEFAULT_RETRY_DELAYS = List.of(
            Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5));

    public static WebhookSettings fromEnv(Env env) {
        return new WebhookSettings(env.duration("FLOWRUN_WEBHOOK_TIMEOUT", Duration.ofSeconds(15)),
                env.durations("FLOWRUN_WEBHOOK_RETRY_DELAYS", DEFAULT_RETRY_DELAYS, 5));
    }
}
