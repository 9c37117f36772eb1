package dev.flowrun.engine;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.files.DiskFull;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.files.FileStore;
import dev.flowrun.lifecycle.ClaimedItem;
import dev.flowrun.lifecycle.ItemTransitions;
import dev.flowrun.lifecycle.ItemQueue;
import java.io.InterruptedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an item does when a fault that is not its own stops it (README, "Faults"): its end is recorded once the
 * database answers again ({@link UntilRecorded}); an item that cannot be done now (a full disk, a database that went
 * away mid-item, a file store that cannot be reached) is given back, queued again to run from its start, never failed
 * for it.
 */
final class ItemFaults {
    private static final Logger LOG = LoggerFactory.getLogger(ItemFaults.class);
    private final DatabaseAvailability database;
    private final DiskSpace disk;
    private final UntilRecorded untilRecorded;
    private final ItemQueue queue;
    private final Clock clock;
    private final Runnable pauseClaims;
    private final StoreOutage store;

    /**
     * {@code workers}: whose stop ends the waiting, whose idle workers are told of an item given back; {@code store}:
     * the file store, and for how long items wait while it cannot be reached.
     */
    ItemFaults(EngineContext context, DiskSpace disk, WorkerState workers, FileStore store, Duration storeLimit) {
        this.database = context.database();
        this.disk = disk;
        this.untilRecorded = new UntilRecorded(context.jdbi(), database, context.instance(), workers.stopping()::isSet);
        this.queue = workers;
        this.clock = context.clock();
        this.pauseClaims = workers::pauseClaims;
        this.store = new StoreOutage(store, storeLimit, workers.signal()::signal, workers.stopping()::isSet);
    }

    /**
     * Whether an item claimed now could be done (the database answers, the data directory has room, the file store is
     * not known to be away); while not, workers claim nothing and look again every second, or as soon as they are woken.
     */
    boolean ready() {
        return database.up() && !disk.full() && !store.waiting();
    }

    /**
     * Whether an item that met the file store unreachable ({@code storage_unavailable}: {@code why}) waits for it,
     * given back, rather than fails: until the store has been away for longer than its limit.
     */
    boolean storeAway(String why) {
        return store.met(why);
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
