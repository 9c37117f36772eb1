package dev.flowrun.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.cluster.Takeover;
import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.db.Dialect;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.files.FileStore;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.input.zip.ZipDownloader;
import dev.flowrun.input.zip.ZipScanner;
import dev.flowrun.lifecycle.ItemClaims;
import dev.flowrun.lifecycle.ItemTransitions;
import dev.flowrun.lifecycle.RunFinishedListener;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.run.ItemQueue;
import dev.flowrun.run.RunViews;
import dev.flowrun.run.ZipQueue;
import dev.flowrun.workflow.WorkflowService;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
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

    /** {@code dialect}: PostgreSQL is shared with other instances, H2 is this process's alone. */
    public Engine(int workers, Jdbi jdbi, ObjectMapper mapper, WorkflowService workflows, RunViews views,
                  InputFetcher fetcher, ZipDownloader zipDownloader, ZipScanner zipScanner, ImageDecoder decoder,
                  FileStore store, Clock clock, LongConsumer onRunFinished, RunFinishedListener finishedListener,
                  Duration itemTimeout, Metrics metrics, Supplier<String> instance, Dialect dialect,
                  double reviewBelow, DatabaseAvailability database, DiskSpace disk) {
        boolean shared = !dialect.exclusive();
        this.jdbi = jdbi;
        this.clock = clock;
        this.pool = new WorkerPool(workers, fetcher::cancelAll, shared);
        this.nodeStates = new NodeStateWriter(jdbi, mapper, clock, dialect, database);
        this.pool.faults(database, () -> database.up() && !disk.full());
        var faults = new ItemFaults(database, disk, new UntilRecorded(jdbi, database, instance, pool::stopping), pool,
                clock, pool::pauseClaims);
        var graphs = new RunGraphs(jdbi, workflows);
        this.pool.executor(new ItemExecutor(jdbi, mapper, graphs, views, fetcher, decoder, store, clock, onRunFinished,
                pool::stopping, finishedListener, pool.running(), itemTimeout, metrics, nodeStates,
                new ItemClaims(jdbi, instance, shared), reviewBelow, faults));
        this.zips = new ZipIngestPool(ZIP_THREADS, zipDownloader::cancelAll, instance);
        this.zips.ingestion(new ZipIngestion(jdbi, mapper, workflows, store, zipDownloader, zipScanner, pool,
                finishedListener, clock, zips::stopping, instance));
    }

    public ItemQueue queue() {
        return pool;
    }

    /** The pool, for notifications from other instances (items queued there, runs cancelled there). */
    public WorkerPool workers() {
        return pool;
    }

    /** Items waiting for a worker on any instance, for {@code flowrun_queue_items}. */
    public int waitingItems() {
        return jdbi.withHandle(ItemTransitions::queued);
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
