package dev.flowrun.engine;

import dev.flowrun.lifecycle.IngestTransitions;
import dev.flowrun.lifecycle.ZipQueue;
import dev.flowrun.work.LogContext;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A few threads reading zip runs' archives, away from the HTTP threads and the item workers. The queue is only a
 * cache: each run still to read is marked in the database with the instance reading it, and a run marked with an
 * instance that is gone is taken over ({@link ZipTakeover}), by the next start on H2.
 */
public final class ZipIngestPool implements ZipQueue {
    private static final Logger LOG = LoggerFactory.getLogger(ZipIngestPool.class);
    /** Ingestion checks for a stop between entries and every few MiB: it needs a moment, not the whole grace. */
    private static final Duration MIN_GRACE = Duration.ofSeconds(1);
    private final BlockingQueue<Long> queue = new LinkedBlockingQueue<>();
    /** Runs waiting or being read here: a run taken over while already here is not read twice at once. */
    private final Set<Long> queuedOrReading = ConcurrentHashMap.newKeySet();
    private final PoolThreads threads;
    private final Runnable abortDownloads;
    private final Supplier<String> instance;
    private final ZipIngestion ingestion;
    private final Stopping stopping;

    /**
     * {@code abortDownloads} unblocks archive downloads at a stop; the ingestion is redone at next start anyway.
     * {@code stopping}: this pool's stop flag, which {@code ingestion} checks too.
     */
    ZipIngestPool(int size, Runnable abortDownloads, Supplier<String> instance, Stopping stopping,
                  ZipIngestion ingestion) {
        this.threads = new PoolThreads(size, "flowrun-zip-", Thread::new);
        this.abortDownloads = abortDownloads;
        this.instance = instance;
        this.stopping = stopping;
        this.ingestion = ingestion;
    }

    @Override
    public void claim(Handle handle, long runId) {
        handle.attach(IngestTransitions.class).claimIngestion(runId, instance.get());
        handle.afterCommit(() -> submit(runId));
    }

    /** Reads the run's archive here (it is marked as this instance's). */
    void submit(long runId) {
        if (queuedOrReading.add(runId)) {
            queue.add(runId);
        }
    }

    public synchronized void start() {
        threads.start(this::work);
    }

    /** Stops at once: each ingestion notices at its next check and leaves its run to be read again at next start. */
    public synchronized void stop(Duration grace) {
        stopping.set();
        abortDownloads.run();
        threads.awaitEnd(grace.compareTo(MIN_GRACE) < 0 ? MIN_GRACE : grace);
        threads.interruptAndForget();
    }

    private void work() {
        while (!stopping.isSet()) {
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
            } finally {
                queuedOrReading.remove(runId);
            }
        }
    }

    private void ingest(long runId) {
        try {
            ingestion.ingest(runId);
        } catch (Throwable e) {
            // The run stays marked as ingesting: it is read again after the next start, or by whoever takes it over.
            LOG.error("run {}: ingestion failure{}", runId, stopping.isSet() ? " during shutdown" : "", e);
        }
    }
}
