package dev.flowrun.engine;

import dev.flowrun.cluster.Takeover;
import dev.flowrun.lifecycle.ItemTransitions;
import dev.flowrun.lifecycle.ItemQueue;
import dev.flowrun.lifecycle.RunListener;
import dev.flowrun.lifecycle.RunSignals;
import dev.flowrun.lifecycle.ZipQueue;
import dev.flowrun.workflow.WorkflowService;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/**
 * The execution side of the service: the worker pool and the zip ingestion pool, both working from the database
 * under this instance's id ({@code instance}); what another instance left behind comes in through {@link #takeovers}.
 */
public final class Engine {
    /** Reading archives is disk- and network-bound and rare next to items: two at once is plenty. */
    private static final int ZIP_THREADS = 2;
    private final Jdbi jdbi;
    private final WorkerPool pool;
    private final ZipIngestPool zips;
    private final NodeStateWriter nodeStates;
    private final Clock clock;
    private final WorkerState workers;

    /** {@code signals}: what the engine tells of the runs it ends (their last item counted, their archive unread). */
    public Engine(EngineContext context, EngineSettings settings, ItemTools tools, ZipTools zipTools,
                  WorkflowService workflows, RunSignals signals) {
        this.jdbi = context.jdbi();
        this.clock = context.clock();
        this.nodeStates = new NodeStateWriter(context, tools.mapper());
        this.workers = new WorkerState(context.shared());
        var executor = new ItemExecutor(context, settings, tools, workflows, signals, workers, nodeStates);
        this.pool = new WorkerPool(settings.workers(), workers, executor);
        var zipStopping = new Stopping();
        this.zips = new ZipIngestPool(ZIP_THREADS, zipTools.downloader()::cancelAll, context.instance(), zipStopping,
                new ZipIngestion(context, tools, zipTools, workflows, pool, signals, zipStopping));
    }

    public ItemQueue queue() {
        return pool;
    }

    /** The workers' listener of the run-signal: a cancel stops a run's items, a resume wakes idle workers. */
    public RunListener runListener() {
        return workers;
    }

    /** The pool, for notifications from other instances (items queued there, runs cancelled there). */
    public WorkerPool workers() {
        return pool;
    }

    /** Items waiting for a worker on any instance, for {@code flowrun_queue_items}; not those of paused runs. */
    public int waitingItems() {
        return jdbi.withHandle(handle -> ItemTransitions.queued(handle, false));
    }

    /** Queued items of paused runs, which wait for a resume rather than a worker: {@code flowrun_held_items}. */
    public int heldItems() {
        return jdbi.withHandle(handle -> ItemTransitions.queued(handle, true));
    }

    public ZipQueue zips() {
        return zips;
    }

    /** What this engine takes over from an instance that is gone: its running items and its archive readings. */
    public List<Takeover> takeovers() {
        return List.of(new ItemTakeover(pool, clock), new ZipTakeover(zips));
    }

    public void start() {
        nodeStates.start();
        pool.start();
        zips.start();
    }

    /** Ingestion first: it stops at once (it is redone later) and so queues nothing while the workers stop. */
    public void stop(Duration grace) {
        zips.stop(grace);
        pool.stop(grace);
        nodeStates.close();
    }
}
