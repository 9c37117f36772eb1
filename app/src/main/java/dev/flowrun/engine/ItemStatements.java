package dev.flowrun.engine;

import dev.flowrun.db.Dialect;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.run.OutputRow;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;

/**
 * The statements every item runs, from its claim to its count into the run, as fluent statements; like
 * {@link dev.flowrun.run.RunTransitions}, each is conditional on the state it expects. Attaching a
 * SqlObject copies JDBI's configuration once per method of the interface, 30 to 50 KB of garbage per attach, and an
 * item attached ten times: 40% of the 1 MB an item allocated, more than its image work. At that rate G1 kept growing
 * the heap for as long as a run went on.
 */
final class ItemStatements {
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

    private ItemStatements() {
    }

    /** Whether the item was still queued: 0 rows means cancelled meanwhile. */
    static boolean claimItem(Handle handle, long itemId, String claim, Instant now) {
        return handle.createUpdate("""
                        UPDATE run_items SET status = 'running', claimed_by = :claim, started_at = :now, finished_at = NULL,
                                             error_code = NULL, error_message = NULL
                        WHERE id = :itemId AND status = 'queued'""")
                .bind("itemId", itemId).bind("claim", claim).bind("now", now).execute() > 0;
    }

    /**
     * Marks the run started, at the earliest start of its items: two workers read the clock, then commit in either
     * order, and a run must not say it started after one of its items did. True when this made it running (its
     * live event is due).
     */
    static boolean startRun(Handle handle, long runId, Instant now) {
        int started = handle.createUpdate("""
                        UPDATE runs SET status = 'running', started_at = :now, updated_at = GREATEST(updated_at, :now)
                        WHERE id = :runId AND status = 'queued'""")
                .bind("runId", runId).bind("now", now).execute();
        if (started == 0) {
            handle.createUpdate("""
                            UPDATE runs SET started_at = :now, updated_at = GREATEST(updated_at, :now)
                            WHERE id = :runId AND status = 'running' AND started_at > :now""")
                    .bind("runId", runId).bind("now", now).execute();
        }
        return started > 0;
    }

    /**
     * Forgets the node states of an earlier attempt: every node is pending again. A node without a row is shown
     * pending ({@link dev.flowrun.run.RunViews#nodeStates}), so nothing is written for the nodes of an attempt until
     * they change: rows written pending at each claim and then overwritten cost a tenth of an item's statements.
     */
    static void forgetNodeStates(Handle handle, long itemId) {
        handle.createUpdate("DELETE FROM node_states WHERE item_id = :itemId").bind("itemId", itemId).execute();
    }

    /** Each node's whole state as recorded, its row inserted or replaced; a node left out keeps the state it has. */
    static void writeNodeStates(Handle handle, Dialect dialect, long itemId,
                                Collection<NodeStateRecorder.NodeStateChange> changes) {
        PreparedBatch batch = handle.prepareBatch(dialect == Dialect.POSTGRESQL ? UPSERT_NODE_STATE_POSTGRESQL
                : UPSERT_NODE_STATE_H2);
        for (NodeStateRecorder.NodeStateChange change : changes) {
            batch.bind("itemId", itemId).bind("nodeId", change.nodeId()).bind("status", change.status().json())
                    .bind("fileKeys", change.fileKeys()).bindByType("startedAt", change.startedAt(), Instant.class)
                    .bindByType("finishedAt", change.finishedAt(), Instant.class)
                    .bindByType("method", change.method(), String.class)
                    .bindByType("confidence", change.confidence(), Double.class).add();
        }
        batch.execute();
    }

    /** {@code review}: whether the item needs review (a cut-out of it below FLOWRUN_REVIEW_BELOW). */
    static boolean countItem(Handle handle, long runId, boolean ok, int outputs, boolean review, Instant now) {
        return handle.createUpdate("""
                        UPDATE runs SET completed_items = completed_items + :completed,
                                        failed_items = failed_items + :failed,
                                        output_count = output_count + :outputs,
                                        review_items = review_items + :review,
                                        updated_at = GREATEST(updated_at, :now)
                        WHERE id = :runId AND status = 'running'""")
                .bind("runId", runId).bind("completed", ok ? 1 : 0).bind("failed", ok ? 0 : 1)
                .bind("outputs", outputs).bind("review", review ? 1 : 0).bind("now", now).execute() > 0;
    }

    /**
     * Ends the item, only while it is still running under the claim it was executed under: 0 rows means its claim
     * was taken over (this instance was thought gone), and the attempt that counts is another one.
     */
    static boolean finishItem(Handle handle, long itemId, String claim, ItemStatus status, String errorCode,
                              String errorMessage, boolean needsReview, Instant now) {
        return handle.createUpdate("""
                        UPDATE run_items SET status = :status, error_code = :errorCode, error_message = :errorMessage,
                                             finished_at = :now, needs_review = :needsReview
                        WHERE id = :itemId AND status = 'running' AND claimed_by = :claim""")
                .bind("itemId", itemId).bind("claim", claim).bind("status", status.json()).bind("errorCode", errorCode)
                .bind("errorMessage", errorMessage).bind("needsReview", needsReview).bind("now", now).execute() > 0;
    }

    /**
     * Gives back an item this instance cannot finish now (its disk is full, its database went away under it): queued
     * again, keeping its turn, to run from its start here or elsewhere; cancelled instead if its run ended meanwhile.
     * Fenced by the claim as {@link #finishItem} is. True when it was queued again.
     */
    static boolean giveBack(Handle handle, long itemId, String claim, Instant now) {
        int cancelled = handle.createUpdate("""
                        UPDATE run_items SET status = 'cancelled', claimed_by = NULL, finished_at = :now
                        WHERE id = :itemId AND status = 'running' AND claimed_by = :claim
                          AND run_id IN (SELECT id FROM runs WHERE status NOT IN ('queued', 'running'))""")
                .bind("itemId", itemId).bind("claim", claim).bind("now", now).execute();
        if (cancelled > 0) {
            return false;
        }
        return handle.createUpdate("""
                        UPDATE run_items SET status = 'queued', claimed_by = NULL, started_at = NULL
                        WHERE id = :itemId AND status = 'running' AND claimed_by = :claim""")
                .bind("itemId", itemId).bind("claim", claim).execute() > 0;
    }

    /**
     * The item ended, but its run had been cancelled meanwhile: it ends cancelled, its result discarded, and with it
     * anything to review.
     */
    static void cancelItem(Handle handle, long itemId) {
        handle.createUpdate("""
                        UPDATE run_items SET status = 'cancelled', error_code = NULL, error_message = NULL,
                                             needs_review = FALSE
                        WHERE id = :itemId""")
                .bind("itemId", itemId).execute();
    }

    /** Results of an item whose run was cancelled are discarded: its output files no longer exist. */
    static void forgetFiles(Handle handle, long itemId, List<String> nodeIds) {
        handle.createUpdate("UPDATE node_states SET file_keys = '[]' WHERE item_id = :itemId AND node_id IN (<nodeIds>)")
                .bind("itemId", itemId).bindList("nodeIds", nodeIds).execute();
    }

    static void insertOutputs(Handle handle, List<OutputRow> outputs) {
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

    /**
     * The run's first terminal status once every item is counted; never while a zip run's archive is still being
     * read, as its total is not known yet. False when the run is not done (or no longer running). Finished no
     * earlier than its last item: each count keeps {@code updated_at} at the latest item's clock, whichever worker
     * read the clock first (the rule of {@link dev.flowrun.run.RunTransitions}).
     */
    static boolean finishRunIfDone(Handle handle, long runId, Instant now) {
        return handle.createUpdate("""
                        UPDATE runs SET status = CASE WHEN failed_items = 0 AND total_items > 0 THEN 'completed'
                                                      WHEN completed_items = 0 THEN 'failed'
                                                      ELSE 'partial' END,
                                        finished_at = GREATEST(updated_at, :now), updated_at = GREATEST(updated_at, :now)
                        WHERE id = :runId AND status = 'running' AND ingesting = FALSE
                          AND completed_items + failed_items >= total_items""")
                .bind("runId", runId).bind("now", now).execute() > 0;
    }
}
