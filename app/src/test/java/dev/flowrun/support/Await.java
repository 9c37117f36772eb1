package dev.flowrun.support;

import java.time.Duration;
import java.util.function.Supplier;

/** Polls until a condition holds, failing after a deadline: never a bare sleep. */
public final class Await {
    private Await() {
    }

    public static <T> T until(String what, Duration timeout, Supplier<T> probe, java.util.function.Predicate<T> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        while (System.nanoTime() < deadline) {
            last = probe.get();
            if (done.test(last)) {
                return last;
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
        throw new AssertionError("timed out after " + timeout + " waiting for " + what + "; last seen: " + last);
    }

    public static void until(String what, Duration timeout, Supplier<Boolean> condition) {
        until(what, timeout, condition, Boolean::booleanValue);
    }
}
