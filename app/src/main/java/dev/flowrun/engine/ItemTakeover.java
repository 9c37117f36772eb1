package dev.flowrun.engine;

import dev.flowrun.cluster.Takeover;
import dev.flowrun.lifecycle.Abandoned;
import dev.flowrun.lifecycle.ItemTransitions;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jdbi.v3.core.Handle;

/** The items a gone instance was running ({@link ItemTransitions#takeOver}); idle workers are told of them. */
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
        ItemTransitions.TakenOver moved = ItemTransitions.takeOver(handle, abandoned, now);
        if (moved.requeued() > 0) {
            pool.itemsQueued(handle);
        }
        return moved.total();
    }

    @Override
    public String what() {
        return "running items";
    }
}
