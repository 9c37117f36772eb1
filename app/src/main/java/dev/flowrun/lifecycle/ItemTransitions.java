package dev.flowrun.lifecycle;

import dev.flowrun.db.Dialect;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;

/**
 * Every change of an item's row and its node states: claimed ({@link ItemClaims}), its node states written as they
 * change, finished under its claim and counted into its run, or taken over from an instance that is gone. Each
 * update is conditional on the state it expects ({@code docs/lifecycle.md}). Fluent statements, not a SqlObject:
 * attaching one copies JDBI's configuration once per method of the interface, 30 to 50 KB of garbage per attach,
 * and an item attached ten times: 40% of the 1 MB an item allocated, more than its image work.
 */
public final class ItemTransitions {
    /** The two databases' ways of writing a row that may or may not be there yet, for the same effect. */
    private static final String UPSERT_NODE_STATE_H2 = """
            MERGE INTO node_states (item_id, node_id, status, file_keys, started_at, finished_at, method, confidence)
            KEY (item_id, node_id)
            VALUES (:itemId, :nodeId, :status, :fileKeys, :startedAt, :finishedAt, :method, :confidence)""";
    private static final String UPSERT_NODE_STATE_POSTGRESQL = """
            INSERT INTO node_states (item_id, node_id, status, file_keys, started_at, finished_at, method, confidence)
            VALUES (:itemId, :nodeId, :status, :fileKeys, :startedAt, :finishedAt, :method, :confidence)
            ON CONFLICT (item_id, node_id) DO UPDATE
            SET status = EXCLUDED.status, file_keys = EXCLUDED.file_keys, started_at = EXCLUDED.started_at,
                finished_at = EXCLUDED.finished_at, method = EXCLUDED.method, confidence = EXCLUDED.confidence""";

    private ItemTransitions() {
    }

    /** What the caller of {@link #finish} does inside its transaction. */
    public interface FinishSteps {
        /** Nothing to write, nothing to register. */
        FinishSteps NONE = new FinishSteps() {
            @Override
            public void writeNodeStates(Handle handle) {
            }

            @Override
            public void ended(Handle handle, ItemStatus status) {
            }
        };

        /** Writes the item's node states not written yet. */
        void writeNodeStates(Handle handle);

        /**
         * The status the item ends with is known; called before the run-signal of its run's end, so what it
         * registers with {@link Handle#afterCommit} comes first.
         */
        void ended(Handle handle, ItemStatus status);
    }

    /**
     * Whether the item was still queued, not held, and its run not paused: 0 rows means cancelled or paused
     * meanwhile. An item queued again unheld while its run was being paused (a takeover racing the pause) is held
     * here, so the claim passes it by from then on. An item starts no earlier than its run was created and ends no
     * earlier than it started, whatever the wall clock did in between (a clock stepped back).
     */
    static boolean claim(Handle handle, long itemId, String claim, Instant now) {
        boolean claimed = StatusBinds.bind(handle.createUpdate("""
                        UPDATE run_items SET status = :item_running, claimed_by = :claim, finished_at = NULL,
                                             started_at = GREATEST(:now, (SELECT created_at FROM runs
                                                                          WHERE runs.id = run_items.run_id)),
                                             error_code = NULL, error_message = NULL
                        WHERE id = :itemId AND status = :item_queued AND held = FALSE
                          AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.id = run_items.run_id
                                          AND r.paused_at IS NOT NULL)"""))
                .bind("itemId", itemId).bind("claim", claim).bind("now", now).execute() > 0;
        if (!claimed) {
            StatusBinds.bind(handle.createUpdate("""
                            UPDATE run_items SET held = TRUE
                            WHERE id = :itemId AND status = :item_queued AND held = FALSE
                              AND EXISTS (SELECT 1 FROM runs r WHERE r.id = run_items.run_id
                                          AND r.paused_at IS NOT NULL)"""))
                    .bind("itemId", itemId).execute();
        }
        return claimed;
    }

    /**
     * Forgets the node states of an earlier attempt: every node is pending again. A node without a row is shown
     * pending, so nothing is written for the nodes of an attempt until they change: rows written pending at each
     * claim and then overwritten cost a tenth of an item's statements.
     */
    static void forgetNodeStates(Handle handle, long itemId) {
        handle.createUpdate("DELETE FROM node_states WHERE item_id = :itemId").bind("itemId", itemId).execute();
    }

    /** Each node's whole state as recorded, its row inserted or replaced; a node left out keeps the state it has. */
    public static void writeNodeStates(Handle handle, Dialect dialect, long itemId,
                                       Collection<NodeStateChange> changes) {
        PreparedBatch batch = handle.prepareBatch(dialect == Dialect.POSTGRESQL ? UPSERT_NODE_STATE_POSTGRESQL
                : UPSERT_NODE_STATE_H2);
        for (NodeStateChange change : changes) {
            batch.bind("itemId", itemId).bind("nodeId", change.nodeId()).bind("status", change.status().json())
                    .bind("fileKeys", change.fileKeys()).bindByType("startedAt", change.startedAt(), Instant.class)
                    .bindByType("finishedAt", change.finishedAt(), Instant.class)
                    .bindByType("method", change.method(), String.class)
                    .bindByType("confidence", change.confidence(), Double.class).add();
        }
        batch.execute();
    }

    /**
     * Ends a claimed item and counts it into its run, in the caller's transaction, with the item's live event; when
     * it was the run's last item, the run becomes terminal here and {@code signals} tells its end (its one
     * {@code run.finished} queued). Fenced by the claim:
     * when the item is no longer running under {@code item.claim()}, nothing is written ({@link
     * ItemFinish#TAKEN_OVER}). The item's row first, then its run's: the lock order. {@code outputNodeIds}: the
     * graph's output nodes, whose files a discarded result no longer has.
     */
    public static ItemFinish finish(Handle handle, ClaimedItem item, ItemEnd end, List<String> outputNodeIds,
                                    Instant now, FinishSteps steps, RunSignals signals) {
        if (!end(handle, item, end, now)) {
            return ItemFinish.TAKEN_OVER;
        }
        steps.writeNodeStates(handle);
        if (!RunTransitions.count(handle, item.runId(), end.ok(), end.outputs().size(), end.needsReview(), now)) {
            discard(handle, item.itemId(), outputNodeIds);
            RunEvents.itemEnded(handle, item.runId(), item.itemId(), ItemStatus.CANCELLED.json());
            steps.ended(handle, ItemStatus.CANCELLED);
            return ItemFinish.DISCARDED;
        }
        RunEvents.itemEnded(handle, item.runId(), item.itemId(), end.status().json());
        steps.ended(handle, end.status());
        if (!end.outputs().isEmpty()) {
            insertOutputs(handle, end.outputs());
        }
        return RunTransitions.finishIfDone(handle, item.runId(), now, signals) ? ItemFinish.RUN_FINISHED
                : ItemFinish.COUNTED;
    }

    /** Only while the item is still running under the claim it was executed under. */
    private static boolean end(Handle handle, ClaimedItem item, ItemEnd end, Instant now) {
        return StatusBinds.bind(handle.createUpdate("""
                        UPDATE run_items SET status = :status, error_code = :errorCode, error_message = :errorMessage,
                                             finished_at = GREATEST(started_at, :now), needs_review = :needsReview
                        WHERE id = :itemId AND status = :item_running AND claimed_by = :claim"""))
                .bind("itemId", item.itemId()).bind("claim", item.claim()).bind("status", end.status().json())
                .bind("errorCode", end.errorCode()).bind("errorMessage", end.errorMessage())
                .bind("needsReview", end.needsReview()).bind("now", now).execute() > 0;
    }

    /**
     * Gives back an item this instance cannot finish now (its disk is full, its database went away under it): queued
     * again, keeping its turn, to run from its start here or elsewhere (held if its run is paused); cancelled instead
     * if its run ended meanwhile. Fenced by the claim as {@link #finish} is. True when it was queued again.
     */
    public static boolean giveBack(Handle handle, ClaimedItem item, Instant now) {
        int cancelled = StatusBinds.bind(handle.createUpdate("""
                        UPDATE run_items SET status = :item_cancelled, claimed_by = NULL,
                                             finished_at = GREATEST(started_at, :now)
                        WHERE id = :itemId AND status = :item_running AND claimed_by = :claim
                          AND run_id IN (SELECT id FROM runs WHERE status IN (<run_terminal>))"""))
                .bind("itemId", item.itemId()).bind("claim", item.claim()).bind("now", now).execute();
        if (cancelled > 0) {
            return false;
        }
        return StatusBinds.bind(handle.createUpdate("""
                        UPDATE run_items SET status = :item_queued, claimed_by = NULL, started_at = NULL,"""
                        + HELD_IF_PAUSED + """

                        WHERE id = :itemId AND status = :item_running AND claimed_by = :claim"""))
                .bind("itemId", item.itemId()).bind("claim", item.claim()).execute() > 0;
    }

    /** An item queued again is held while its run is paused: a pause outlives takeovers and give-backs. */
    private static final String HELD_IF_PAUSED = """
             held = CASE WHEN EXISTS (SELECT 1 FROM runs r WHERE r.id = run_items.run_id AND r.paused_at IS NOT NULL)
                         THEN TRUE ELSE FALSE END""";

    /**
     * The item ended, but its run had been cancelled meanwhile: it ends cancelled, its output files forgotten, and
     * with them anything to review.
     */
    private static void discard(Handle handle, long itemId, List<String> outputNodeIds) {
        StatusBinds.bind(handle.createUpdate("""
                        UPDATE run_items SET status = :item_cancelled, error_code = NULL, error_message = NULL,
                                             needs_review = FALSE
                        WHERE id = :itemId"""))
                .bind("itemId", itemId).execute();
        if (!outputNodeIds.isEmpty()) {
            handle.createUpdate(
                            "UPDATE node_states SET file_keys = '[]' WHERE item_id = :itemId AND node_id IN (<nodeIds>)")
                    .bind("itemId", itemId).bindList("nodeIds", outputNodeIds).execute();
        }
    }

    private static void insertOutputs(Handle handle, List<OutputRow> outputs) {
        PreparedBatch batch = handle.prepareBatch("""
                INSERT INTO item_outputs (run_id, item_id, node_id, file_key, file_name, node_chain)
                VALUES (:runId, :itemId, :nodeId, :fileKey, :fileName, :nodeChain)""");
        for (OutputRow output : outputs) {
            batch.bind("runId", output.runId()).bind("itemId", output.itemId()).bind("nodeId", output.nodeId())
                    .bind("fileKey", output.fileKey()).bind("fileName", output.fileName())
                    .bind("nodeChain", output.nodeChain()).add();
        }
        batch.execute();
    }

    /** How many items a takeover moved: queued again, or cancelled with their cancelled run. */
    public record TakenOver(int requeued, int cancelled) {
        public int total() {
            return requeued + cancelled;
        }
    }

    /**
     * The items a gone instance was running: queued again, keeping their turn so they come first, and run from
     * their start by any instance (held while their run is paused); those of runs that ended meanwhile end cancelled.
     */
    public static TakenOver takeOver(Handle handle, Abandoned abandoned, Instant now) {
        int cancelled = abandoned.bind(StatusBinds.bind(handle.createUpdate(
                        "UPDATE run_items SET status = :item_cancelled, claimed_by = NULL,"
                                + " finished_at = GREATEST(started_at, :now)"
                                + " WHERE status = :item_running AND " + abandoned.where("claimed_by")
                                + " AND run_id IN (SELECT id FROM runs WHERE status IN (<run_terminal>))")))
                .bind("now", now).execute();
        int requeued = abandoned.bind(StatusBinds.bind(handle.createUpdate(
                        "UPDATE run_items SET status = :item_queued, claimed_by = NULL, started_at = NULL,"
                                + HELD_IF_PAUSED
                                + " WHERE status = :item_running AND " + abandoned.where("claimed_by"))))
                .execute();
        return new TakenOver(requeued, cancelled);
    }

    /**
     * Items waiting for a worker on any instance (flowrun_queue_items) when {@code held} is false; the queued items of
     * paused runs, which no worker starts until their run is resumed (flowrun_held_items), when it is true. Either is
     * one range of the claim's index.
     */
    public static int queued(Handle handle, boolean held) {
        return StatusBinds.bind(handle.createQuery(
                        "SELECT COUNT(*) FROM run_items WHERE status = :item_queued AND held = :held"))
                .bind("held", held).mapTo(Integer.class).one();
    }
}
