package dev.flowrun.webhook;

import java.time.Duration;
import java.util.List;

/** {@code FLOWRUN_WEBHOOK_TIMEOUT} (per attempt) and {@code FLOWRUN_WEBHOOK_RETRY_DELAYS}. */
public record WebhookSettings(Duration timeout, List<Duration> retryDelays) {
}
