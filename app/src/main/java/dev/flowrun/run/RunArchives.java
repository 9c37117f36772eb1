package dev.flowrun.run;

import dev.flowrun.files.ArchiveEntry;
import dev.flowrun.files.ArchiveNames;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.OutputArchive;
import dev.flowrun.files.ZipLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The zip of a finished run's outputs. Built in the background as soon as the run is terminal, and on demand
 * if someone asks before that (or after a restart lost the background job): the archive URL always works.
 */
public final class RunArchives {
    private static final Logger LOG = LoggerFactory.getLogger(RunArchives.class);
    private final Jdbi jdbi;
    private final FileStore store;
    private final OutputArchive archive;
    private final ConcurrentHashMap<Long, Object> locks = new ConcurrentHashMap<>();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> new Thread(r, "flowrun-archiver"));

    public RunArchives(Jdbi jdbi, FileStore store) {
        this.jdbi = jdbi;
        this.store = store;
        this.archive = new OutputArchive(store);
    }

    public void buildLater(long runId) {
        background.execute(() -> {
            try {
                ensure(runId);
            } catch (RuntimeException e) {
                LOG.error("run {}: could not build the output archive", runId, e);
            }
        });
    }

    /**
     * The archive's key once it exists; false when the run is unknown, not terminal, has no output, or had its
     * files deleted.
     */
    public boolean ensure(long runId) {
        String key = RunViews.archiveKey(runId);
        if (store.exists(key)) {
            return true;
        }
        Object lock = locks.computeIfAbsent(runId, id -> new Object());
        synchronized (lock) {
            try {
                if (store.exists(key)) {
                    return true;
                }
                var run = jdbi.withExtension(RunDao.class, dao -> dao.findRun(runId)).orElse(null);
                // Once the retention has deleted the run's files, its archive is gone for good too.
                if (run == null || !run.runStatus().terminal() || run.outputCount() == 0 || run.filesDeletedAt() != null) {
                    return false;
                }
                List<OutputFile> outputs = jdbi.withExtension(RunDao.class, dao -> dao.outputFilesOfRun(runId));
                List<String> names = ArchiveNames.entryNames(outputs.stream().map(OutputFile::fileName).toList(),
                        ZipLayout.parse(run.zipLayout()).orElse(ZipLayout.PRESERVE));
                List<ArchiveEntry> entries = new ArrayList<>(outputs.size());
                for (int i = 0; i < outputs.size(); i++) {
                    entries.add(new ArchiveEntry(names.get(i), outputs.get(i).fileKey()));
                }
                archive.build(entries, key);
                return true;
            } catch (IOException e) {
                throw new UncheckedIOException("run " + runId + ": building the output archive failed", e);
            } finally {
                locks.remove(runId, lock);
            }
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
