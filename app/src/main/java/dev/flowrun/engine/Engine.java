package dev.flowrun.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.files.FileStore;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.input.zip.ZipDownloader;
import dev.flowrun.input.zip.ZipScanner;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.run.ItemQueue;
import dev.flowrun.run.RunFinishedListener;
import dev.flowrun.run.RunViews;
import dev.flowrun.run.ZipQueue;
import dev.flowrun.workflow.WorkflowService;
import java.time.Clock;
import java.time.Duration;
import java.util.function.LongConsumer;
import org.jdbi.v3.core.Jdbi;

/** The execution side of the service: recovery at start, then the worker pool and the zip ingestion pool. */
public final class Engine {
    /** Reading archives is disk- and network-bound and rare next to items: two at once is plenty. */
    private static final int ZIP_THREADS = 2;
    private final WorkerPool pool;
    private final ZipIngestPool zips;
    private final Recovery recovery;
    private final NodeStateWriter nodeStates;

    public Engine(int workers, Jdbi jdbi, ObjectMapper mapper, WorkflowService workflows, RunViews views,
                  InputFetcher fetcher, ZipDownloader zipDownloader, ZipScanner zipScanner, ImageDecoder decoder,
                  FileStore store, Clock clock, LongConsumer onRunFinished, RunFinishedListener finishedListener,
                  Duration itemTimeout, Metrics metrics) {
        this.pool = new WorkerPool(workers, fetcher::cancelAll);
        this.nodeStates = new NodeStateWriter(jdbi, mapper, clock);
        this.pool.executor(new ItemExecutor(jdbi, mapper, new RunGraphs(jdbi, workflows), views, fetcher, decoder,
                store, clock, onRunFinished, pool::stopping, finishedListener, pool.running(), itemTimeout, metrics,
                nodeStates));
        this.zips = new ZipIngestPool(ZIP_THREADS, zipDownloader::cancelAll);
        this.zips.ingestion(new ZipIngestion(jdbi, mapper, workflows, store, zipDownloader, zipScanner, pool,
                finishedListener, clock, zips::stopping));
        this.recovery = new Recovery(jdbi, clock);
    }

    public ItemQueue queue() {
        return pool;
    }

    /** Items waiting for a worker, for {@code flowrun_queue_items}. */
    public int waitingItems() {
        return pool.waiting();
    }

    public ZipQueue zips() {
        return zips;
    }

    public void start() {
        recovery.resume(pool, zips);
        nodeStates.start();
        pool.start();
        zips.start();
    }

    /** Ingestion first: it stops at once (it is redone at next start) and so enqueues nothing into a stopping pool. */
    public void stop(Duration grace) {
        zips.stop(grace);
        pool.stop(grace);
        nodeStates.close();
    }
}
