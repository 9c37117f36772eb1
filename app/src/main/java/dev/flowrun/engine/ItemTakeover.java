package dev.flowrun.engine;

import dev.flowrun.cluster.Abandoned;
import dev.flowrun.cluster.Takeover;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jdbi.v3.core.Handle;

/**
 * The items a gone instance was running: queued again, keeping their turn so they come first, and run from their
 * start by any instance; those of runs cancelled meanwhile end cancelled.
 */
final class ItemTakeover implements Takeover {
    private final WorkerPool pool;
    private final Clock clock;

    ItemTakeover(WorkerPool pool, Clock clock) {
        this.pool = pool;
        this.clock = clock;
    }

    @Override
    public int takeOver(Handle handle, Abandoned abandoned) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        int cancelled = abandoned.bind(handle.createUpdate(
                        "UPDATE run_items SET status = 'cancelled', claimed_by = NULL, finished_at = :now"
                                + " WHERE status = 'running' AND " + abandoned.where("claimed_by")
                                + " AND run_id IN (SELECT id FROM runs WHERE status NOT IN ('queued', 'running'))"))
                .bind("now", now).execute();
        int requeued = abandoned.bind(handle.createUpdate(
                        "UPDATE run_items SET status = 'queued', claimed_by = NULL, started_at = NULL"
                                + " WHERE status = 'running' AND " + abandoned.where("claimed_by")))
                .execute();
        if (requeued > 0) {
            pool.itemsQueued(handle);
        }
        return cancelled + requeued;
    }

    @Override
    public String what() {
        return "running items";
    }
}
