package dev.flowrun.cluster;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.lifecycle.Abandoned;
import dev.flowrun.work.DaemonThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews this instance's lease every sixth of it, and takes over the work of every instance whose lease has run
 * out: each in one transaction that starts by deleting that instance's row, so that of two instances noticing the
 * same one at once, one takes everything and the other nothing (its DELETE waits for the first and matches no row).
 */
public final class Heartbeat {
    private static final Logger LOG = LoggerFactory.getLogger(Heartbeat.class);
    private final Jdbi jdbi;
    private final Instance instance;
    private final List<Takeover> takeovers;
    private final long beatMillis;
    private final DatabaseAvailability database;
    /** {@link System#nanoTime} of the last beat the database did not answer; 0 before any. */
    private long lastMissed;
    private Thread thread;
    private volatile boolean stopping;

    public Heartbeat(Jdbi jdbi, Instance instance, List<Takeover> takeovers, DatabaseAvailability database) {
        this.database = database;
        this.jdbi = jdbi;
        this.instance = instance;
        this.takeovers = List.copyOf(takeovers);
        this.beatMillis = Math.max(100, instance.lease().toMillis() / 6);
    }

    /**
     * Before this instance starts working: on a database only this process can open (H2), every other instance and
     * every claim without an instance are gone, so their work is taken over at once, as a restart after a crash
     * expects; on a shared one, instances whose leases ran out are.
     */
    public void takeOverAtStart(boolean exclusive) {
        if (exclusive) {
            for (String other : instance.others()) {
                jdbi.useTransaction(handle -> Instance.remove(handle, other));
            }
            takeOver(Abandoned.allBut(instance.id()), null);
        } else {
            takeOverExpired();
        }
    }

    public synchronized void start() {
        thread = DaemonThreads.start(this::beat, "flowrun-heartbeat");
    }

    /** Stops beating; the lease is then released by {@link Instance#release}. */
    public synchronized void stop() {
        stopping = true;
        DaemonThreads.stop(thread);
    }

    private void beat() {
        while (!stopping) {
            try {
                TimeUnit.MILLISECONDS.sleep(beatMillis);
            } catch (InterruptedException e) {
                continue;
            }
            try {
                instance.renew();
                // After an outage every lease may have run out: the others are given a whole lease to renew theirs
                // (their beats were held up by the outage too) before their work is taken, rather than all of it
                // moving to whichever instance beat first.
                if (lastMissed == 0 || System.nanoTime() - lastMissed > instance.lease().toNanos()) {
                    takeOverExpired();
                }
            } catch (RuntimeException e) {
                // The database is away: nothing moves meanwhile. Shorter than the lease, nothing is lost either.
                lastMissed = System.nanoTime();
                if (!database.report(e)) {
                    LOG.warn("heartbeat of instance {}: {}", instance.id(), e.toString());
                }
            }
        }
    }

    private void takeOverExpired() {
        for (String dead : instance.expired()) {
            if (!dead.equals(instance.id())) {
                takeOver(Abandoned.by(dead, instance.id()), dead);
            }
        }
    }

    /** {@code dead} null: no row to remove (the work of every earlier process, on an exclusive start). */
    private void takeOver(Abandoned abandoned, String dead) {
        List<String> moved = new ArrayList<>();
        boolean ours = jdbi.inTransaction(handle -> {
            if (dead != null && !Instance.remove(handle, dead)) {
                return false;
            }
            for (Takeover takeover : takeovers) {
                int count = takeover.takeOver(handle, abandoned);
                if (count > 0) {
                    moved.add(count + " " + takeover.what());
                }
            }
            return true;
        });
        if (ours && (dead != null || !moved.isEmpty())) {
            LOG.info("instance {} took over the work of {}: {}", instance.id(), abandoned,
                    moved.isEmpty() ? "nothing was left" : String.join(", ", moved));
        }
    }
}
