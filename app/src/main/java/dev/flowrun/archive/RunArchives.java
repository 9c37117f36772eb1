package dev.flowrun.archive;

import dev.flowrun.lifecycle.OutputFile;
import dev.flowrun.db.UniqueViolation;
import dev.flowrun.files.ArchiveEntry;
import dev.flowrun.files.ArchiveNames;
import dev.flowrun.db.DatabaseFaults;
import dev.flowrun.files.DiskFull;
import dev.flowrun.files.FileLayout;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.MissingStoredFile;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.files.OutputArchive;
import dev.flowrun.files.ZipLayout;
import dev.flowrun.lifecycle.RunListener;
import dev.flowrun.lifecycle.RunRows;
import dev.flowrun.lifecycle.RunSignal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The zip of a finished run's outputs. Built in the background as soon as the run is terminal, and on demand
 * if someone asks before that (or after a restart lost the background job): the archive URL always works. Built
 * once whichever instance is asked: the builder holds a row in {@code archive_builds}, and anyone else asking waits
 * for the file (or for the row to go, if its builder died: {@link ArchiveTakeover}).
 */
public final class RunArchives implements RunListener {
    private static final Logger LOG = LoggerFactory.getLogger(RunArchives.class);
    /** A 10,000-output archive takes well under a minute to build; a builder silent for this long is stuck. */
    private static final Duration WAIT_FOR_OTHER_BUILDER = Duration.ofMinutes(5);
    private final Jdbi jdbi;
    private final FileStore store;
    private final OutputArchive archive;
    private final ConcurrentHashMap<Long, Object> locks = new ConcurrentHashMap<>();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> new Thread(r, "flowrun-archiver"));
    private final Supplier<String> instance;

    public RunArchives(Jdbi jdbi, FileStore store, Supplier<String> instance) {
        this.jdbi = jdbi;
        this.store = store;
        this.archive = new OutputArchive(store);
        this.instance = instance;
    }

    /**
     * The archive's listener of the run-signal: a run that ended (finished or cancelled) with outputs has its archive
     * built in the background once the end has committed. A cancelled run's outputs are final too: items still
     * running when it was cancelled are discarded, never counted.
     */
    @Override
    public void after(RunSignal signal) {
        if (signal.change().ended() && signal.run().outputCount() > 0) {
            buildLater(signal.runId());
        }
    }

    private void buildLater(long runId) {
        background.execute(() -> {
            try {
                ensure(runId);
            } catch (RuntimeException e) {
                StorageUnavailable storage = StorageUnavailable.in(e);
                MissingStoredFile missing = MissingStoredFile.in(e);
                if (missing != null) {
                    LOG.warn("run {}: {}", runId, missing.getMessage());
                } else if (DiskFull.in(e) || DatabaseFaults.unreachable(e) || storage != null) {
                    // A fault of the disk, the database or the store, logged as such once: built when first asked for.
                    LOG.warn("run {}: the output archive is built when it is first asked for: {}", runId,
                            storage != null ? storage.getMessage() : DiskFull.in(e) ? "the data directory is full"
                                    : "the database cannot be reached");
                } else {
                    LOG.error("run {}: could not build the output archive", runId, e);
                }
            }
        });
    }

    /**
     * The archive's key once it exists; false when the run is unknown, not terminal, has no output, or had its
     * files deleted.
     */
    public boolean ensure(long runId) {
        String key = FileLayout.outputArchive(runId);
        if (store.exists(key)) {
            return true;
        }
        Object lock = locks.computeIfAbsent(runId, id -> new Object());
        synchronized (lock) {
            try {
                if (store.exists(key)) {
                    return true;
                }
                var run = jdbi.withExtension(RunRows.class, dao -> dao.findRun(runId)).orElse(null);
                // Once the retention has deleted the run's files, its archive is gone for good too.
                if (run == null || !run.status().terminal() || run.outputCount() == 0 || run.filesDeletedAt() != null) {
                    return false;
                }
                if (!claimBuild(runId, key)) {
                    return true;
                }
                try {
                    build(runId, run.zipLayout(), key);
                } finally {
                    releaseBuild(runId);
                }
                return true;
            } finally {
                locks.remove(runId, lock);
            }
        }
    }

    /**
     * True once this instance holds the build; false when, while waiting for another builder, the archive appeared.
     * Waits at most {@link #WAIT_FOR_OTHER_BUILDER}.
     */
    private boolean claimBuild(long runId, String key) {
        long deadline = System.nanoTime() + WAIT_FOR_OTHER_BUILDER.toNanos();
        while (true) {
            try {
                jdbi.useHandle(handle -> handle.createUpdate("""
                                INSERT INTO archive_builds (run_id, claimed_by, started_at)
                                VALUES (:runId, :claim, CURRENT_TIMESTAMP)""")
                        .bind("runId", runId).bind("claim", instance.get()).execute());
                // The other builder may have finished between our look and our claim.
                if (store.exists(key)) {
                    releaseBuild(runId);
                    return false;
                }
                return true;
            } catch (UnableToExecuteStatementException e) {
                if (!UniqueViolation.in(e)) {
                    throw e;
                }
            }
            if (store.exists(key)) {
                return false;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("run " + runId + ": another instance has been building its archive for"
                        + " over " + WAIT_FOR_OTHER_BUILDER.toMinutes() + " minutes");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for run " + runId + "'s archive");
            }
        }
    }

    private void releaseBuild(long runId) {
        jdbi.useHandle(handle -> handle.createUpdate("DELETE FROM archive_builds WHERE run_id = :runId")
                .bind("runId", runId).execute());
    }

    private void build(long runId, String zipLayout, String key) {
        try {
            List<OutputFile> outputs = jdbi.withExtension(RunRows.class, dao -> dao.outputFilesOfRun(runId));
            List<String> names = ArchiveNames.entryNames(outputs.stream().map(OutputFile::fileName).toList(),
                    ZipLayout.parse(zipLayout).orElse(ZipLayout.PRESERVE));
            List<ArchiveEntry> entries = new ArrayList<>(outputs.size());
            for (int i = 0; i < outputs.size(); i++) {
                entries.add(new ArchiveEntry(names.get(i), outputs.get(i).fileKey()));
            }
            archive.build(entries, key);
        } catch (IOException e) {
            throw new UncheckedIOException("run " + runId + ": building the output archive failed", e);
        }
    }

    public void stop() {
        background.shutdown();
        try {
            background.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
