package dev.flowrun.lifecycle;

import java.time.Instant;
import org.jdbi.v3.core.Handle;

/**
 * Every change of a run's row: created queued, started by its first claim, counted per item, and made terminal by
 * its last item, a cancel or a failed archive. Each update is conditional on the state it expects and its row count
 * decides; a terminal transition that changed the row sends the run-signal ({@link RunSignals}) in its own
 * transaction, so the run's one {@code run.finished} is queued exactly once. A run's {@code updated_at} never goes back and it ends
 * no earlier than it was last updated: writers read the clock before their transaction and may commit in either
 * order, and a run must not end before an item it counted ({@code docs/lifecycle.md}).
 */
public final class RunTransitions {
    private RunTransitions() {
    }

    /**
     * A new run, queued; {@code ingesting}: a zip run whose archive is still to be read; {@code trigger}: what
     * started it ({@code api}, {@code cli}, …).
     */
    public record NewRun(long workspaceId, long workflowId, String name, String graph, String zipUrl,
                         String zipLayout, String webhookUrl, int totalItems, boolean ingesting, String trigger,
                         Priority priority) {
    }

    /** A cancel's outcome: whether it made the run terminal, and how many queued items it cancelled. */
    public record Cancel(boolean cancelled, int queuedItems) {
    }

    /** Inserts the run, queued; its items go in with {@link NewItems} on the same transaction. */
    public static long create(Handle handle, NewRun run, Instant now) {
        return StatusBinds.bind(handle.createUpdate("""
                        INSERT INTO runs (workspace_id, workflow_id, name, status, run_trigger, graph, zip_url, zip_layout,
                                          webhook_url, total_items, completed_items, failed_items, output_count,
                                          ingesting, priority, created_at, updated_at)
                        VALUES (:workspaceId, :workflowId, :name, :run_queued, :trigger, :graph, :zipUrl, :zipLayout,
                                :webhookUrl, :totalItems, 0, 0, 0, :ingesting, :priority, :now, :now)"""))
                .bind("priority", run.priority().rank())
                .bind("workspaceId", run.workspaceId()).bind("workflowId", run.workflowId()).bind("name", run.name())
                .bind("graph", run.graph()).bind("zipUrl", run.zipUrl()).bind("zipLayout", run.zipLayout())
                .bind("webhookUrl", run.webhookUrl()).bind("totalItems", run.totalItems())
                .bind("ingesting", run.ingesting()).bind("trigger", run.trigger()).bind("now", now)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /** A retry's new run points at the run it retries. */
    public static void markRetryOf(Handle handle, long runId, long retryOf) {
        handle.createUpdate("UPDATE runs SET retry_of = :retryOf WHERE id = :id")
                .bind("id", runId).bind("retryOf", retryOf).execute();
    }

    /**
     * Marks the run started, at the earliest start of its items: two workers read the clock, then commit in either
     * order, and a run must not say it started after one of its items did; nor before it was created, whatever the
     * wall clock did. True when this made it running (its
     * live event is due).
     */
    static boolean start(Handle handle, long runId, Instant now) {
        int started = StatusBinds.bind(handle.createUpdate("""
                        UPDATE runs SET status = :run_running, started_at = GREATEST(created_at, :now),
                                        updated_at = GREATEST(updated_at, :now)
                        WHERE id = :runId AND status = :run_queued"""))
                .bind("runId", runId).bind("now", now).execute();
        if (started == 0) {
            // Each claim keeps updated_at at its item's start, so the run ends no earlier than any item it counts.
            StatusBinds.bind(handle.createUpdate("""
                            UPDATE runs SET started_at = LEAST(started_at, GREATEST(created_at, :now)),
                                            updated_at = GREATEST(updated_at, :now)
                            WHERE id = :runId AND status = :run_running"""))
                    .bind("runId", runId).bind("now", now).execute();
        }
        return started > 0;
    }

    /**
     * Counts an ended item into its run; false when the run is no longer running (it was cancelled). A paused run is
     * still running: its items that were running when it was paused finish and count. {@code review}: whether the
     * item needs review (a cut-out of it below FLOWRUN_REVIEW_BELOW).
     */
    static boolean count(Handle handle, long runId, boolean ok, int outputs, boolean review, Instant now) {
        return StatusBinds.bind(handle.createUpdate("""
                        UPDATE runs SET completed_items = completed_items + :completed,
                                        failed_items = failed_items + :failed,
                                        output_count = output_count + :outputs,
                                        review_items = review_items + :review,
                                        updated_at = GREATEST(updated_at, :now)
                        WHERE id = :runId AND status = :run_running"""))
                .bind("runId", runId).bind("completed", ok ? 1 : 0).bind("failed", ok ? 0 : 1)
                .bind("outputs", outputs).bind("review", review ? 1 : 0).bind("now", now).execute() > 0;
    }

    /**
     * The run's first terminal status once every item is counted; never while a zip run's archive is still being
     * read, as its total is not known yet. False when the run is not done (or no longer running). Finished no
     * earlier than its last item: each count keeps {@code updated_at} at the latest item's clock.
     */
    static boolean finishIfDone(Handle handle, long runId, Instant now, RunSignals signals) {
        boolean done = StatusBinds.bind(handle.createUpdate("""
                        UPDATE runs SET status = CASE WHEN failed_items = 0 AND total_items > 0 THEN :run_completed
                                                      WHEN completed_items = 0 THEN :run_failed
                                                      ELSE :run_partial END,
                                        finished_at = GREATEST(updated_at, :now), updated_at = GREATEST(updated_at, :now),
                                        paused_at = NULL
                        WHERE id = :runId AND status = :run_running AND ingesting = FALSE
                          AND completed_items + failed_items >= total_items"""))
                .bind("runId", runId).bind("now", now).execute() > 0;
        if (done) {
            signals.send(handle, runId, RunChange.FINISHED);
        }
        return done;
    }

    /** The run as a whole failed (its zip could not be read); false when it was terminal already. */
    public static boolean fail(Handle handle, long runId, String errorCode, String errorMessage, Instant now,
                               RunSignals signals) {
        boolean failed = StatusBinds.bind(handle.createUpdate("""
                        UPDATE runs SET status = :run_failed, error_code = :errorCode, error_message = :errorMessage,
                                        finished_at = GREATEST(updated_at, :now), updated_at = GREATEST(updated_at, :now),
                                        paused_at = NULL
                        WHERE id = :runId AND status IN (<run_active>)"""))
                .bind("runId", runId).bind("errorCode", errorCode).bind("errorMessage", errorMessage)
                .bind("now", now).execute() > 0;
        if (failed) {
            signals.send(handle, runId, RunChange.FINISHED);
        }
        return failed;
    }

    /**
     * Cancels the workspace's run and its queued items; a terminal run has no queued items, so nothing is undone
     * when it was terminal already. Items first, then the run: the lock order ({@code docs/lifecycle.md}).
     */
    public static Cancel cancel(Handle handle, long workspaceId, long runId, Instant now,
                                RunSignals signals) {
        int queued = StatusBinds.bind(handle.createUpdate("""
                        UPDATE run_items SET status = :item_cancelled, finished_at = :now, held = FALSE
                        WHERE run_id = :runId AND status = :item_queued"""))
                .bind("runId", runId).bind("now", now).execute();
        boolean cancelled = StatusBinds.bind(handle.createUpdate("""
                        UPDATE runs SET status = :run_cancelled, finished_at = GREATEST(updated_at, :now),
                                        updated_at = GREATEST(updated_at, :now), paused_at = NULL
                        WHERE id = :runId AND workspace_id = :workspaceId AND status IN (<run_active>)"""))
                .bind("workspaceId", workspaceId).bind("runId", runId).bind("now", now).execute() > 0;
        if (cancelled) {
            // Before the run's own event, which ends every stream of the run.
            RunEvents.queuedItemsCancelled(handle, runId, now);
            signals.send(handle, runId, RunChange.CANCELLED);
        }
        return new Cancel(cancelled, queued);
    }
}
