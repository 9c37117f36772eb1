package dev.flowrun.cluster;

import dev.flowrun.lifecycle.Abandoned;
import org.jdbi.v3.core.Handle;

/**
 * One kind of work (items, archive readings, webhook deliveries, archive builds) moved from an instance that is gone
 * to the one taking over. Called in the transaction that removed the gone instance's row, so exactly one instance
 * takes each over; whatever it starts in memory is registered with {@link Handle#afterCommit}.
 */
public interface Takeover {
    /** Moves the work; returns how many pieces were moved, for the log. */
    int takeOver(Handle handle, Abandoned abandoned);

    /** What it moves, for the log ("items", "webhook deliveries", …). */
    String what();
}
