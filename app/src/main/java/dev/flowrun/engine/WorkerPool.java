package dev.flowrun.engine;

import dev.flowrun.lifecycle.ClaimedItem;
import dev.flowrun.lifecycle.ItemClaims;
import dev.flowrun.lifecycle.ItemQueue;
import dev.flowrun.work.LogContext;
import dev.flowrun.work.WorkerThread;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code FLOWRUN_WORKERS} threads, each claiming the next queued item in turn from the database
 * ({@link ItemClaims}) and executing it. Nothing is queued in memory: the database is the queue, shared by every
 * instance. A worker with nothing to do waits for a signal: items queued here, or on another instance (PostgreSQL
 * notifications); failing that it looks again every 30 s, in case a notification was lost.
 */
public final class WorkerPool implements ItemQueue {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerPool.class);
    private static final long IDLE_LOOK_MILLIS = TimeUnit.SECONDS.toMillis(30);
    /** After a failed claim, or while the database or the disk is away: look again a second later, not in a loop. */
    private static final long CLAIM_RETRY_MILLIS = 1_000;
    private final PoolThreads threads;
    private final WorkerState state;
    private final ItemExecutor executor;

    /**
     * {@code state}: the items running, the stop flag, the wake-up signal and the claim pause, shared with
     * {@code executor} and its faults.
     */
    WorkerPool(int size, WorkerState state, ItemExecutor executor) {
        this.threads = new PoolThreads(size, "flowrun-worker-", WorkerThread::new);
        this.state = state;
        this.executor = executor;
    }

    @Override
    public void itemsQueued(Handle handle) {
        state.itemsQueued(handle);
    }

    /** Another instance queued items, or idle workers should look again (the notifications reconnected). */
    public void wake() {
        state.signal().signal();
    }

    /** Another instance cancelled the run: its items running here stop at their next check. */
    public void cancelledElsewhere(long runId) {
        state.running().cancelRun(runId);
    }

    public synchronized void start() {
        threads.start(this::work);
    }

    /**
     * Lets items in progress finish for up to {@code grace}, then stops them (their downloads, their budgets, then
     * interrupts); they run again after the next start, or on another instance once this one's lease is released.
     */
    public synchronized void stop(Duration grace) {
        state.stopping().set();
        state.signal().signal();
        threads.awaitEnd(grace);
        executor.abortInFlight();
        state.running().cancelAll("the service is stopping");
        threads.interruptAndForget();
    }

    /** Ends only when the pool stops: whatever one item does to its thread, the pool keeps its size. */
    private void work() {
        Stopping stopping = state.stopping();
        WorkSignal signal = state.signal();
        ItemFaults faults = executor.faults();
        while (!stopping.isSet()) {
            long seen = signal.generation();
            if (!faults.ready() || state.claimsPaused()) {
                signal.await(seen, CLAIM_RETRY_MILLIS);
                continue;
            }
            Optional<ClaimedItem> claimed;
            try {
                claimed = executor.claimNext();
            } catch (RuntimeException e) {
                if (!stopping.isSet()) {
                    // An outage is logged once where it is noticed; anything else here is worth a line each time.
                    if (!faults.database().report(e)) {
                        LOG.warn("could not claim an item: {}", e.toString());
                    }
                    signal.await(seen, CLAIM_RETRY_MILLIS);
                }
                continue;
            }
            if (claimed.isEmpty()) {
                signal.await(seen, IDLE_LOOK_MILLIS);
                continue;
            }
            ClaimedItem task = claimed.get();
            try (var ids = LogContext.item(task.runId(), task.itemId())) {
                runOne(claimed.get());
            } catch (Throwable e) {
                // Even logging can fail (out of memory): the loop survives it and takes the next item.
                LOG.error("worker survived a failure outside any item", e);
            }
        }
    }

    private void runOne(ClaimedItem task) {
        Stopping stopping = state.stopping();
        try {
            executor.execute(task);
        } catch (InterruptedIOException e) {
            if (!stopping.isSet()) {
                // A stray interrupt, not a shutdown: the item fails now rather than stay "running" until a restart.
                Thread.interrupted();
                failUnexpectedly(task, e);
                return;
            }
            LOG.info("run {} item {}: interrupted by shutdown; it runs again", task.runId(), task.itemId());
        } catch (Throwable e) {
            if (stopping.isSet()) {
                LOG.info("run {} item {}: stopped by shutdown ({}); it runs again", task.runId(), task.itemId(),
                        e.toString());
                return;
            }
            if (executor.faults().database().report(e)) {
                // The database went away before the item's end (read its graph, say): not the item's fault.
                giveBack(task, "the database went away while it ran");
                return;
            }
            LOG.error("run {} item {}: worker failure", task.runId(), task.itemId(), e);
            failUnexpectedly(task, e);
        }
    }

    /**
     * Fails the item; if even that cannot be recorded, gives it back, so that it never stays {@code running} under
     * this instance's lease with nobody to finish it.
     */
    private void failUnexpectedly(ClaimedItem task, Throwable cause) {
        try {
            executor.failUnexpectedly(task, cause);
        } catch (Throwable again) {
            LOG.error("run {} item {}: could not record the failure; it is queued again", task.runId(), task.itemId(),
                    again);
            giveBack(task, "its failure could not be recorded");
        }
    }

    private void giveBack(ClaimedItem task, String why) {
        try {
            executor.giveBack(task, why);
        } catch (Throwable again) {
            // Only a stop (the item then runs again after it) or a database refusing a plain UPDATE gets here.
            LOG.error("run {} item {}: could not be queued again: {}", task.runId(), task.itemId(), again.toString());
        }
    }
}
