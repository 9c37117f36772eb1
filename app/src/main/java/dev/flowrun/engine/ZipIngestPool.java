package dev.flowrun.engine;

import dev.flowrun.LogContext;
import dev.flowrun.run.ZipQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A few threads reading zip runs' archives, away from the HTTP threads and the item workers. Like the worker
 * pool's queue, this one is only a cache: the runs still to read are marked in the database and submitted
 * again at start ({@link Recovery}).
 */
public final class ZipIngestPool implements ZipQueue {
    private static final Logger LOG = LoggerFactory.getLogger(ZipIngestPool.class);
    /** Ingestion checks for a stop between entries and every few MiB: it needs a moment, not the whole grace. */
    private static final Duration MIN_GRACE = Duration.ofSeconds(1);
    private final BlockingQueue<Long> queue = new LinkedBlockingQueue<>();
    private final List<Thread> threads = new ArrayList<>();
    private final int size;
    private final Runnable abortDownloads;
    private ZipIngestion ingestion;
    private volatile boolean stopping;

    /** {@code abortDownloads} unblocks archive downloads at a stop; the ingestion is redone at next start anyway. */
    public ZipIngestPool(int size, Runnable abortDownloads) {
        this.size = size;
        this.abortDownloads = abortDownloads;
    }

    void ingestion(ZipIngestion ingestion) {
        this.ingestion = ingestion;
    }

    boolean stopping() {
        return stopping;
    }

    @Override
    public void submit(long runId) {
        queue.add(runId);
    }

    public synchronized void start() {
        for (int i = 1; i <= size; i++) {
            Thread thread = new Thread(this::work, "flowrun-zip-" + i);
            thread.start();
            threads.add(thread);
        }
    }

    /** Stops at once: each ingestion notices at its next check and leaves its run to be read again at next start. */
    public synchronized void stop(Duration grace) {
        stopping = true;
        abortDownloads.run();
        long deadline = System.nanoTime() + (grace.compareTo(MIN_GRACE) < 0 ? MIN_GRACE : grace).toNanos();
        for (Thread thread : threads) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                join(thread, TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        }
        threads.forEach(Thread::interrupt);
        threads.forEach(thread -> join(thread, 5_000));
        threads.clear();
    }

    private void work() {
        while (!stopping) {
            Long runId;
            try {
                runId = queue.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (runId == null) {
                continue;
            }
            try (var ids = LogContext.run(runId)) {
                ingest(runId);
            }
        }
    }

    private void ingest(long runId) {
        try {
            ingestion.ingest(runId);
        } catch (Throwable e) {
            // The run stays marked as ingesting: the next start reads its archive again.
            LOG.error("run {}: ingestion failure{}", runId, stopping ? " during shutdown" : "", e);
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
