package dev.flowrun.retention;

import dev.flowrun.files.FileLayout;
import dev.flowrun.files.FileStore;
import dev.flowrun.lifecycle.SweepTransitions;
import dev.flowrun.run.IdempotencyDao;
import dev.flowrun.work.DaemonThreads;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one background thread that keeps the data directory from growing for ever. With
 * FLOWRUN_OUTPUT_RETENTION set, the files of terminal runs finished longer ago than it (inputs, node outputs, the
 * archive: the run's whole folder) and uploads older than it are deleted, a batch at a time, each first marked in
 * the database so its URLs answer 410 and nothing builds its archive again; the records stay. Always: Idempotency-Keys
 * past their 24 hours, and forms a crash left half received.
 *
 * <p>It looks at the clock every second and sweeps when a sweep is due by that clock, so a test moving its clock a
 * month on sees the sweep at once. Several instances may sweep: each deletion is claimed by a conditional update.
 */
public final class RetentionSweeper {
    private static final Logger LOG = LoggerFactory.getLogger(RetentionSweeper.class);
    static final int BATCH = 100;
    private static final Duration KEYS_KEPT = Duration.ofHours(24);
    /** A received form's folder untouched this long is a crash's leftover, not an upload in progress. */
    private static final Duration STALE_FORM = Duration.ofHours(1);
    /**
     * An unfinished write older than this is a crash's leftover: longer than the longest write lasts (a 1 GiB upload
     * or zip at about 12 KB/s), and the age S3's own lifecycle rules are usually given.
     */
    static final Duration UNFINISHED_WRITE = Duration.ofHours(24);
    private final Jdbi jdbi;
    private final FileStore store;
    private final Duration retention;
    private final Duration interval;
    private final Clock clock;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("flowrun-sweeper"));
    private Instant nextSweep = Instant.MIN;
    private boolean reconciled;

    /** {@code retention}: null keeps every file. */
    public RetentionSweeper(Jdbi jdbi, FileStore store, Duration retention, Clock clock) {
        this.jdbi = jdbi;
        this.store = store;
        this.retention = retention;
        this.clock = clock;
        Duration tenth = retention == null ? Duration.ofMinutes(10) : retention.dividedBy(10);
        this.interval = tenth.compareTo(Duration.ofMinutes(10)) > 0 ? Duration.ofMinutes(10)
                : tenth.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : tenth;
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    public void stop(Duration grace) {
        thread.shutdown();
        try {
            if (!thread.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private void tick() {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        if (now.isBefore(nextSweep)) {
            return;
        }
        try {
            sweep(now);
        } catch (RuntimeException e) {
            LOG.warn("sweeping old files failed; trying again at the next sweep", e);
        }
        nextSweep = now.plus(interval);
    }

    void sweep(Instant now) {
        if (retention != null) {
            if (!reconciled) {
                finishInterruptedDeletions();
                reconciled = true;
            }
            Instant cutoff = now.minus(retention);
            int runs = sweep(dao -> dao.runsDue(cutoff, BATCH), (dao, id) -> dao.markRun(id, now), FileLayout::runFolder);
            int uploads = sweep(dao -> dao.uploadsDue(cutoff, BATCH), (dao, id) -> dao.markUpload(id, now),
                    FileLayout::uploadFolder);
            if (runs + uploads > 0) {
                LOG.info("retention: deleted the files of {} runs finished and {} uploads made before {}", runs, uploads,
                        cutoff);
            }
        }
        Instant keysBefore = now.minus(KEYS_KEPT);
        while (jdbi.withExtension(IdempotencyDao.class, dao -> dao.sweep(keysBefore, BATCH)) == BATCH) {
            Thread.yield();
        }
        deleteStaleForms();
        dropUnfinishedWrites();
    }

    private interface Mark {
        int mark(SweepTransitions dao, long id);
    }

    /** Batch after batch: mark each (so its URLs say 410 from then on), then delete its folder. */
    private int sweep(Function<SweepTransitions, List<Long>> due, Mark mark, Function<Long, String> folder) {
        int deleted = 0;
        while (true) {
            List<Long> ids = jdbi.withExtension(SweepTransitions.class, due::apply);
            for (long id : ids) {
                if (jdbi.withExtension(SweepTransitions.class, dao -> mark.mark(dao, id)) == 1) {
                    delete(folder.apply(id));
                    deleted++;
                }
            }
            if (ids.size() < BATCH || Thread.currentThread().isInterrupted()) {
                return deleted;
            }
        }
    }

    /** Folders of runs and uploads marked deleted whose deletion a stop cut short (marked first, deleted after). */
    private void finishInterruptedDeletions() {
        finishInterrupted("runs", SweepTransitions::runsMarkedAmong);
        finishInterrupted("uploads", SweepTransitions::uploadsMarkedAmong);
    }

    private interface Marked {
        List<Long> among(SweepTransitions dao, List<Long> ids);
    }

    private void finishInterrupted(String top, Marked marked) {
        List<Long> ids = new ArrayList<>();
        try {
            store.children(top).stream().filter(name -> name.matches("\\d{1,18}"))
                    .forEach(name -> ids.add(Long.parseLong(name)));
        } catch (IOException e) {
            return;
        }
        for (int from = 0; from < ids.size(); from += 500) {
            List<Long> batch = ids.subList(from, Math.min(ids.size(), from + 500));
            jdbi.withExtension(SweepTransitions.class, dao -> marked.among(dao, batch)).forEach(id -> delete(top + "/" + id));
        }
    }

    /** By the store's own times: an upload in progress keeps writing, a crash's leftover does not. */
    private void deleteStaleForms() {
        Instant staleBefore = Instant.now().minus(STALE_FORM);
        try {
            for (String form : store.children("tmp")) {
                Instant newest = store.newest("tmp/" + form);
                // None left (its form just ended): not a leftover either.
                if (newest != null && newest.isBefore(staleBefore)) {
                    delete("tmp/" + form);
                }
            }
        } catch (IOException e) {
            // The store cannot be read now: the next sweep tries again.
        }
    }

    /** By the store's own clock, as the writes in progress on any instance began by it. */
    private void dropUnfinishedWrites() {
        try {
            int dropped = store.dropUnfinishedWrites(Instant.now().minus(UNFINISHED_WRITE));
            if (dropped > 0) {
                LOG.info("retention: dropped {} unfinished writes begun more than {} hours ago", dropped,
                        UNFINISHED_WRITE.toHours());
            }
        } catch (IOException e) {
            LOG.warn("retention: could not drop unfinished writes: {}", e.getMessage());
        }
    }

    private void delete(String key) {
        try {
            store.deleteTree(key);
        } catch (IOException e) {
            LOG.warn("retention: could not delete {}: {}", key, e.toString());
        }
    }
}
