package dev.flowrun.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.files.FileStore;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.nodes.ImageDecoder;
import dev.flowrun.run.ItemQueue;
import dev.flowrun.run.RunFinishedListener;
import dev.flowrun.run.RunViews;
import dev.flowrun.workflow.WorkflowService;
import java.time.Clock;
import java.time.Duration;
import java.util.function.LongConsumer;
import org.jdbi.v3.core.Jdbi;

/** The execution side of the service: recovery at start, then the worker pool. */
public final class Engine {
    private final WorkerPool pool;
    private final Recovery recovery;

    public Engine(int workers, Jdbi jdbi, ObjectMapper mapper, WorkflowService workflows, RunViews views,
                  InputFetcher fetcher, ImageDecoder decoder, FileStore store, Clock clock, LongConsumer onRunFinished,
                  RunFinishedListener finishedListener) {
        this.pool = new WorkerPool(workers, fetcher::cancelAll);
        this.pool.executor(new ItemExecutor(jdbi, mapper, new RunGraphs(jdbi, workflows), views, fetcher, decoder,
                store, clock, onRunFinished, pool::stopping, finishedListener));
        this.recovery = new Recovery(jdbi, clock);
    }

    public ItemQueue queue() {
        return pool;
    }

    public void start() {
        recovery.resume(pool);
        pool.start();
    }

    public void stop(Duration grace) {
        pool.stop(grace);
    }
}
