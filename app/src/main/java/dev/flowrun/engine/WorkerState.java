package dev.flowrun.engine;

import dev.flowrun.cluster.Notifications;
import dev.flowrun.lifecycle.ItemQueue;
import dev.flowrun.lifecycle.RunChange;
import dev.flowrun.lifecycle.RunListener;
import dev.flowrun.lifecycle.RunSignal;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Handle;

/**
 * What the worker pool shares with the executor of its items and their faults, made before either: the items
 * running here (a cancel stops them), the pool's stop flag (a failure during a stop leaves the item for the next
 * start), the signal that wakes idle workers when items are queued (an item given back too), and the pause of claims
 * after a write failed for want of space.
 */
final class WorkerState implements ItemQueue, RunListener {
    private final boolean shared;
    private final RunningItems running = new RunningItems();
    private final Stopping stopping = new Stopping();
    private final WorkSignal signal = new WorkSignal();
    /** {@link System#nanoTime} before which no item is claimed: one was just given back for want of disk space. */
    private volatile long pausedUntil;

    /** {@code shared}: other instances use the database too (PostgreSQL), and are told of queued items and cancels. */
    WorkerState(boolean shared) {
        this.shared = shared;
    }

    @Override
    public void itemsQueued(Handle handle) {
        if (shared) {
            Notifications.send(handle, Notifications.ITEMS_QUEUED, "");
        }
        handle.afterCommit(signal::signal);
    }

    /**
     * The workers' part of the run-signal. A cancel: the run's items running here stop at their next check, and on
     * PostgreSQL every other instance is told to stop its own. A resume: its items are queued again, so idle workers
     * here and elsewhere look for them. The notifications go out when the transaction commits, as PostgreSQL sends
     * them; the workers here are told after the commit.
     */
    @Override
    public void during(Handle handle, RunSignal signal) {
        if (!shared) {
            return;
        }
        if (signal.change() == RunChange.CANCELLED) {
            Notifications.send(handle, Notifications.RUN_CANCELLED, Long.toString(signal.runId()));
        } else if (signal.change() == RunChange.RESUMED) {
            Notifications.send(handle, Notifications.ITEMS_QUEUED, "");
        }
    }

    @Override
    public void after(RunSignal signal) {
        if (signal.change() == RunChange.CANCELLED) {
            running.cancelRun(signal.runId());
        } else if (signal.change() == RunChange.RESUMED) {
            this.signal.signal();
        }
    }

    /** A write just failed for want of space: claims wait a few seconds for the disk to be seen full or freed. */
    void pauseClaims() {
        pausedUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    }

    boolean claimsPaused() {
        return System.nanoTime() - pausedUntil < 0;
    }

    RunningItems running() {
        return running;
    }

    Stopping stopping() {
        return stopping;
    }

    WorkSignal signal() {
        return signal;
    }
}
