package dev.flowrun.webhook;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/** A delivery attempt waiting in the {@link java.util.concurrent.DelayQueue} until it is due. */
record DueDelivery(long runId, Instant due, Clock clock) implements Delayed {

    @Override
    public long getDelay(TimeUnit unit) {
        long millis = due.toEpochMilli() - clock.millis();
        return unit.convert(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
        return Long.compare(getDelay(TimeUnit.MILLISECONDS), other.getDelay(TimeUnit.MILLISECONDS));
    }
}
