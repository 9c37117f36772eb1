package dev.flowrun.db;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the database answers, as the last calls found it. Whoever meets a failure hands it to {@link #report};
 * one that says the database is not there starts an outage: one log line, then a thread that asks the database
 * every {@link #PROBE_MILLIS} until it answers, logs that once too and wakes what waits for it. Meanwhile requests
 * get 503 at once, workers claim nothing and nothing logs a stack trace per attempt.
 */
public final class DatabaseAvailability {
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseAvailability.class);
    static final long PROBE_MILLIS = 500;
    private final Jdbi jdbi;
    private final Runnable renewConnections;
    private final List<Runnable> whenBack = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    /** {@link System#nanoTime} when the outage began; 0 while the database answers. */
    private long downSince;
    private Thread prober;
    private volatile boolean down;
    private volatile boolean stopping;

    /**
     * {@code renewConnections}: lets go of the pool's connections, dead after a server restart or an H2 database that
     * closed itself.
     */
    public DatabaseAvailability(Jdbi jdbi, Runnable renewConnections) {
        this.jdbi = jdbi;
        this.renewConnections = renewConnections;
    }

    /** Run once the database answers again after an outage (workers look for items, webhooks go on). */
    public void whenBack(Runnable action) {
        whenBack.add(action);
    }

    public boolean up() {
        return !down;
    }

    /**
     * True when {@code failure} is the database not being there, which starts an outage if none is under way, or the
     * pool having no connection free in time: the caller waits and tries again, or answers 503. False for any other
     * failure, which the caller handles as its own.
     */
    public boolean report(Throwable failure) {
        if (!DatabaseFaults.unreachable(failure)) {
            // No connection free within the pool's timeout, the database answering: worth waiting for all the same
            // (right after an outage the pool refills one connection at a time), but no outage.
            return DatabaseFaults.poolBusy(failure);
        }
        if (DatabaseFaults.closedH2(failure)) {
            renewConnections.run();
        }
        synchronized (lock) {
            if (down || stopping) {
                return true;
            }
            down = true;
            downSince = System.nanoTime();
            // Every connection made before the outage is suspect (a restarted server cut them all): new ones only,
            // or each would fail once after the return and start an outage of its own.
            renewConnections.run();
            LOG.warn("the database cannot be reached ({}): requests get 503 and work waits until it answers again",
                    DatabaseFaults.reason(failure));
            prober = new Thread(this::probe, "flowrun-db-probe");
            prober.setDaemon(true);
            prober.start();
        }
        return true;
    }

    /** Asks the database now (for {@code /health}): false at once during an outage, else after one query. */
    public boolean check() {
        if (down) {
            return false;
        }
        try {
            answer();
            return true;
        } catch (RuntimeException e) {
            if (report(e)) {
                return false;
            }
            throw e;
        }
    }

    /** Waits up to {@code millis} for an outage to end; at once when there is none. */
    public void awaitBack(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        synchronized (lock) {
            while (down && !stopping) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return;
                }
                lock.wait(left);
            }
        }
    }

    public void stop() {
        Thread thread;
        synchronized (lock) {
            stopping = true;
            thread = prober;
            lock.notifyAll();
        }
        if (thread != null) {
            thread.interrupt();
        }
    }

    private void probe() {
        while (!stopping) {
            try {
                Thread.sleep(PROBE_MILLIS);
                answer();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (DatabaseFaults.closedH2(e)) {
                    renewConnections.run();
                }
                continue;
            }
            long seconds;
            synchronized (lock) {
                down = false;
                prober = null;
                seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - downSince);
                lock.notifyAll();
            }
            LOG.info("the database answers again after {} s; work resumes", seconds);
            for (Runnable action : whenBack) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    LOG.warn("after the database came back: {}", e.toString());
                }
            }
            return;
        }
    }

    private void answer() {
        jdbi.useHandle(handle -> handle.createQuery("SELECT 1").mapTo(Integer.class).one());
    }
}
