package dev.flowrun.engine;

import dev.flowrun.files.FileStore;
import dev.flowrun.files.StorageUnavailable;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The file store that cannot be reached, as items meet it, handled as a database outage is (decision 0021): an item
 * that meets it is given back and waits, workers claim nothing, and a probe asks the store every second; once it
 * answers, one line, and the workers go on. Only a store away for longer than {@code limit} fails items
 * ({@code storage_unavailable}): then workers claim again and each item that needs the store fails as it meets it.
 * Outages a minute or less apart count as one, so a store that answers its checks but refuses the items' requests
 * still reaches the limit instead of having them tried forever.
 */
final class StoreOutage {
    private static final Logger LOG = LoggerFactory.getLogger(StoreOutage.class);
    private static final long PROBE_MILLIS = 1_000;
    private static final long SAME_OUTAGE_NANOS = TimeUnit.MINUTES.toNanos(1);
    private final FileStore store;
    private final long limitNanos;
    private final Runnable wake;
    private final BooleanSupplier stopping;
    private final Object lock = new Object();
    private volatile boolean away;
    /** {@link System#nanoTime} when the outage began, and when the last one ended. */
    private long since;
    private long endedAt;
    private boolean overLimitTold;

    /** {@code wake}: tells idle workers to look for items again; {@code stopping}: whether the service stops. */
    StoreOutage(FileStore store, Duration limit, Runnable wake, BooleanSupplier stopping) {
        this.store = store;
        this.limitNanos = limit.toNanos();
        this.wake = wake;
        this.stopping = stopping;
    }

    /** Whether items wait now: the store is away, for less than the limit. */
    boolean waiting() {
        if (!away) {
            return false;
        }
        synchronized (lock) {
            return away && System.nanoTime() - since < limitNanos;
        }
    }

    /**
     * An item met the store unreachable ({@code storage_unavailable}): true when it is to be given back and wait,
     * false when the store has been away for longer than the limit and the item fails.
     */
    boolean met(String why) {
        synchronized (lock) {
            long now = System.nanoTime();
            if (!away) {
                away = true;
                if (endedAt == 0 || now - endedAt > SAME_OUTAGE_NANOS) {
                    since = now;
                    overLimitTold = false;
                }
                LOG.warn("the file store cannot be reached ({}): items that need it wait, for up to {} s", why,
                        TimeUnit.NANOSECONDS.toSeconds(limitNanos));
                Thread prober = new Thread(this::probe, "flowrun-store-probe");
                prober.setDaemon(true);
                prober.start();
            }
            boolean wait = now - since < limitNanos;
            if (!wait && !overLimitTold) {
                overLimitTold = true;
                LOG.warn("the file store has been away for over {} s: items that need it fail (storage_unavailable)"
                        + " until it answers", TimeUnit.NANOSECONDS.toSeconds(limitNanos));
            }
            return wait;
        }
    }

    private void probe() {
        while (!stopping.getAsBoolean()) {
            try {
                Thread.sleep(PROBE_MILLIS);
                store.check();
            } catch (InterruptedException e) {
                return;
            } catch (StorageUnavailable e) {
                continue;
            } catch (RuntimeException e) {
                if (stopping.getAsBoolean()) {
                    return; // the stop closed the store under the probe
                }
                LOG.warn("the file store's check failed unexpectedly, asking again: {}", e.toString());
                continue;
            }
            long seconds;
            synchronized (lock) {
                away = false;
                endedAt = System.nanoTime();
                seconds = TimeUnit.NANOSECONDS.toSeconds(endedAt - since);
            }
            LOG.info("the file store answers again ({} s since it was first missed); items go on", seconds);
            wake.run();
            return;
        }
    }
}
