package dev.flowrun.webhook;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * When the next attempt of a delivery is due (six attempts in all: README, Webhooks). A pure function: the
 * waits come from {@code FLOWRUN_WEBHOOK_RETRY_DELAYS}, the jitter from the caller's random number.
 */
public final class RetrySchedule {
    public static final int MAX_ATTEMPTS = 6;
    static final double JITTER = 0.10;
    private final List<Duration> delays;

    public RetrySchedule(List<Duration> delays) {
        if (delays.size() != MAX_ATTEMPTS - 1) {
            throw new IllegalArgumentException("need " + (MAX_ATTEMPTS - 1) + " delays, got " + delays.size());
        }
        this.delays = List.copyOf(delays);
    }

    /**
     * The wait before the next attempt, after {@code attemptsMade} failed attempts; empty once all six are used.
     *
     * @param random a number in [0, 1): 0 gives the delay minus 10%, 0.5 the delay itself, towards 1 plus 10%
     */
    public Optional<Duration> delayAfter(int attemptsMade, double random) {
        if (attemptsMade < 1 || attemptsMade >= MAX_ATTEMPTS) {
            return Optional.empty();
        }
        Duration base = delays.get(attemptsMade - 1);
        double factor = 1 - JITTER + 2 * JITTER * random;
        return Optional.of(Duration.ofNanos(Math.round(base.toNanos() * factor)));
    }
}
