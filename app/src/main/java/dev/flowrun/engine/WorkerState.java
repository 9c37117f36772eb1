package dev.flowrun.engine;

import dev.flowrun.cluster.Notifications;
import dev.flowrun.lifecycle.ItemQueue;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Handle;

/**
 * What the worker pool shares with the executor of its items and their faults, made before either: the items
 * running here (a cancel stops them), the pool's stop flag (a failure during a stop leaves the item for the next
 * start), the signal that wakes idle workers when items are queued (an item given back too), and the pause of claims
 * after a write failed for want of space.
 */
final class WorkerState implements ItemQueue {
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

    @Override
    public void runCancelled(Handle handle, long runId) {
        if (shared) {
            Notifications.send(handle, Notifications.RUN_CANCELLED, Long.toString(runId));
        }
        handle.afterCommit(() -> running.cancelRun(runId));
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
