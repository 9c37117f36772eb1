package dev.flowrun.lifecycle;

import java.time.Instant;
import org.jdbi.v3.core.Handle;

/**
 * Writes a run's live events, always inside the transaction of the change they tell: an event is there exactly when
 * its change committed, whichever instance made it. Each takes the next id from the run's counter; bumping it locks
 * the run's row until the commit, so a run's events commit in the order of their ids and a reader that has seen id N
 * never sees an id below N appear later. Callers have changed the run's row already in the same transaction (after
 * the item's, the order of every transaction here); an event is dated by the run's {@code updated_at}.
 */
public final class RunEvents {
    private static final String COLUMNS = """
            run_id, seq, name, item_id, item_status, run_status, total_items, completed_items, failed_items, created_at,
            paused""";

    /**
     * The live events' listener of the run-signal: a {@code run} event for every end, cancel, pause and resume, in
     * the transaction of the change.
     */
    public static final RunListener LISTENER = new RunListener() {
        @Override
        public void during(Handle handle, RunSignal signal) {
            runChanged(handle, signal.runId());
        }
    };

    private RunEvents() {
    }

    /**
     * The run's status, total or pause changed: a {@code run} event with the run as this transaction leaves it
     * (whether it is paused included).
     */
    public static void runChanged(Handle handle, long runId) {
        insert(handle, runId, "run", null, null);
    }

    /** An item reached a terminal status ({@code completed}, {@code failed}, {@code cancelled}). */
    public static void itemEnded(Handle handle, long runId, long itemId, String status) {
        insert(handle, runId, "item", itemId, status);
    }

    /**
     * The run's queued items were cancelled at {@code now} by this transaction: one {@code item} event each, in item
     * order, in two statements whatever their number.
     */
    public static void queuedItemsCancelled(Handle handle, long runId, Instant now) {
        int inserted = StatusBinds.bind(handle.createUpdate("INSERT INTO run_events (" + COLUMNS + """
                        )
                        SELECT r.id, r.event_seq + ROW_NUMBER() OVER (ORDER BY i.id), 'item', i.id, :item_cancelled,
                               r.status, r.total_items, r.completed_items, r.failed_items, r.updated_at,
                               CASE WHEN r.paused_at IS NULL THEN FALSE ELSE TRUE END
                        FROM run_items i JOIN runs r ON r.id = i.run_id
                        WHERE i.run_id = :runId AND i.status = :item_cancelled AND i.finished_at = :now"""))
                .bind("runId", runId).bind("now", now).execute();
        if (inserted > 0) {
            handle.createUpdate("UPDATE runs SET event_seq = event_seq + :count WHERE id = :runId")
                    .bind("runId", runId).bind("count", inserted).execute();
        }
    }

    private static void insert(Handle handle, long runId, String name, Long itemId, String itemStatus) {
        handle.createUpdate("UPDATE runs SET event_seq = event_seq + 1 WHERE id = :runId").bind("runId", runId)
                .execute();
        handle.createUpdate("INSERT INTO run_events (" + COLUMNS + """
                        )
                        SELECT id, event_seq, :name, :itemId, :itemStatus, status, total_items, completed_items,
                               failed_items, updated_at, CASE WHEN paused_at IS NULL THEN FALSE ELSE TRUE END
                        FROM runs WHERE id = :runId""")
                .bind("runId", runId).bind("name", name).bindByType("itemId", itemId, Long.class)
                .bind("itemStatus", itemStatus).execute();
    }
}
