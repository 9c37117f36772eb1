package dev.flowrun.engine;

import dev.flowrun.LogContext;
import dev.flowrun.run.ItemQueue;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code FLOWRUN_WORKERS} threads taking items in turn from the runs that have some waiting
 * ({@link RoundRobinQueue}). The queue is only a cache of the items the database says are queued: an item
 * taken after its run was cancelled is skipped at its claim, and a restart rebuilds the queue from the
 * database ({@link Recovery}).
 */
public final class WorkerPool implements ItemQueue {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerPool.class);
    private final RoundRobinQueue queue = new RoundRobinQueue();
    private final RunningItems running = new RunningItems();
    private final List<Thread> threads = new ArrayList<>();
    private final int size;
    private final Runnable abortInFlight;
    private ItemExecutor executor;
    private volatile boolean stopping;

    /** {@code abortInFlight} unblocks items stuck in I/O when the grace period of a stop is over. */
    public WorkerPool(int size, Runnable abortInFlight) {
        this.size = size;
        this.abortInFlight = abortInFlight;
    }

    boolean stopping() {
        return stopping;
    }

    RunningItems running() {
        return running;
    }

    void executor(ItemExecutor executor) {
        this.executor = executor;
    }

    @Override
    public void enqueue(long runId, List<Long> itemIds) {
        queue.add(runId, itemIds);
    }

    /** Items waiting for a worker (flowrun_queue_items). */
    public int waiting() {
        return queue.size();
    }

    /** Forgets the run's waiting items, and stops its running ones at their next check (they end {@code cancelled}). */
    @Override
    public void drop(long runId) {
        queue.drop(runId);
        running.cancelRun(runId);
    }

    public synchronized void start() {
        for (int i = 1; i <= size; i++) {
            Thread thread = new Thread(this::work, "flowrun-worker-" + i);
            thread.start();
            threads.add(thread);
        }
    }

    /**
     * Lets items in progress finish for up to {@code grace}, then stops them (their budgets, then interrupts); they
     * run again at next start.
     */
    public synchronized void stop(Duration grace) {
        stopping = true;
        long deadline = System.nanoTime() + grace.toNanos();
        for (Thread thread : threads) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                join(thread, TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        }
        abortInFlight.run();
        running.cancelAll("the service is stopping");
        threads.forEach(Thread::interrupt);
        threads.forEach(thread -> join(thread, 5_000));
        threads.clear();
    }

    /** Ends only when the pool stops: whatever one item does to its thread, the pool keeps its size. */
    private void work() {
        while (!stopping) {
            ItemTask task;
            try {
                task = queue.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                // Only stop() interrupts on purpose; an interrupt an item left behind must not end the worker.
                continue;
            }
            if (task != null) {
                try (var ids = LogContext.item(task.runId(), task.itemId())) {
                    runOne(task);
                } catch (Throwable e) {
                    // Even logging can fail (out of memory): the loop survives it and takes the next item.
                    LOG.error("worker survived a failure outside any item", e);
                }
            }
        }
    }

    private void runOne(ItemTask task) {
        try {
            executor.execute(task);
        } catch (InterruptedIOException e) {
            if (!stopping) {
                // A stray interrupt, not a shutdown: the item fails now rather than stay "running" until a restart.
                Thread.interrupted();
                failUnexpectedly(task, e);
                return;
            }
            LOG.info("run {} item {}: interrupted by shutdown; it runs again at next start", task.runId(), task.itemId());
        } catch (Throwable e) {
            if (stopping) {
                LOG.info("run {} item {}: stopped by shutdown ({}); it runs again at next start",
                        task.runId(), task.itemId(), e.toString());
                return;
            }
            LOG.error("run {} item {}: worker failure", task.runId(), task.itemId(), e);
            failUnexpectedly(task, e);
        }
    }

    private void failUnexpectedly(ItemTask task, Throwable cause) {
        try {
            executor.failUnexpectedly(task, cause);
        } catch (Throwable again) {
            LOG.error("run {} item {}: could not record the failure", task.runId(), task.itemId(), again);
        }
    }

    private static void join(Thread thread, long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
