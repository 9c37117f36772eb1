package dev.flowrun.engine;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.files.DiskFull;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.lifecycle.ClaimedItem;
import dev.flowrun.lifecycle.ItemTransitions;
import dev.flowrun.lifecycle.ItemQueue;
import java.io.InterruptedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an item does when a fault that is not its own stops it (README, "Faults"): its end is recorded once the
 * database answers again ({@link UntilRecorded}); an item that cannot be done now (a full disk, a database that went
 * away mid-item) is given back, queued again to run from its start, never failed for it.
 */
final class ItemFaults {
    private static final Logger LOG = LoggerFactory.getLogger(ItemFaults.class);
    private final DatabaseAvailability database;
    private final DiskSpace disk;
    private final UntilRecorded untilRecorded;
    private final ItemQueue queue;
    private final Clock clock;
    private final Runnable pauseClaims;

    /** {@code workers}: whose stop ends the waiting, whose idle workers are told of an item given back. */
    ItemFaults(EngineContext context, DiskSpace disk, WorkerState workers) {
        this.database = context.database();
        this.disk = disk;
        this.untilRecorded = new UntilRecorded(context.jdbi(), database, context.instance(), workers.stopping()::isSet);
        this.queue = workers;
        this.clock = context.clock();
        this.pauseClaims = workers::pauseClaims;
    }

    /**
     * Whether an item claimed now could be done (the database answers, the data directory has room); while not,
     * workers claim nothing and look again every second, or as soon as they are woken.
     */
    boolean ready() {
        return database.up() && !disk.full();
    }

    DatabaseAvailability database() {
        return database;
    }

    UntilRecorded untilRecorded() {
        return untilRecorded;
    }

    /** Whether an item failed because the data directory is full (its error says so, or the disk is full now). */
    boolean diskFull(String errorMessage) {
        if (DiskFull.said(errorMessage)) {
            disk.recheck();
            pauseClaims.run();
            return true;
        }
        return disk.full();
    }

    /** Queues the item again from its start (cancelled if its run ended meanwhile), once the database takes it. */
    void giveBack(ClaimedItem task, String why) throws InterruptedIOException {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        boolean queued = untilRecorded.run(task, handle -> {
            boolean again = ItemTransitions.giveBack(handle, task, now);
            if (again) {
                queue.itemsQueued(handle);
            }
            return again;
        }).orElse(false);
        if (queued) {
            LOG.info("run {} item {}: {}; it runs again from its start", task.runId(), task.itemId(), why);
        }
    }
}
