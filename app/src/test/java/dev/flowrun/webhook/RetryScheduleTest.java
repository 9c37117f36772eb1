package dev.flowrun.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {
    final RetrySchedule schedule = new RetrySchedule(WebhookSettings.DEFAULT_RETRY_DELAYS);

    @Test
    void waitsFollowTheConfiguredDelaysBetweenTheSixAttempts() {
        assertThat(schedule.delayAfter(1, 0.5)).contains(Duration.ofSeconds(5));
        assertThat(schedule.delayAfter(2, 0.5)).contains(Duration.ofMinutes(5));
        assertThat(schedule.delayAfter(3, 0.5)).contains(Duration.ofMinutes(30));
        assertThat(schedule.delayAfter(4, 0.5)).contains(Duration.ofHours(2));
        assertThat(schedule.delayAfter(5, 0.5)).contains(Duration.ofHours(5));
    }

    @Test
    void afterTheSixthAttemptThereIsNoOther() {
        assertThat(schedule.delayAfter(6, 0.5)).isEmpty();
        assertThat(schedule.delayAfter(7, 0.5)).isEmpty();
        assertThat(schedule.delayAfter(0, 0.5)).isEmpty();
    }

    @Test
    void jitterStaysWithinTenPercent() {
        assertThat(schedule.delayAfter(1, 0.0)).contains(Duration.ofMillis(4500));
        assertThat(schedule.delayAfter(1, 0.999999).orElseThrow()).isBetween(Duration.ofMillis(5499), Duration.ofMillis(5500));
        for (double r = 0; r < 1; r += 0.01) {
            assertThat(schedule.delayAfter(2, r).orElseThrow())
                    .isBetween(Duration.ofSeconds(270), Duration.ofSeconds(330));
        }
    }

    @Test
    void needsExactlyFiveDelays() {
        assertThatThrownBy(() -> new RetrySchedule(WebhookSettings.DEFAULT_RETRY_DELAYS.subList(0, 4)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
