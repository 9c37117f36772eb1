package dev.flowrun.lifecycle;

import java.time.Instant;
import org.jdbi.v3.core.Handle;

/**
 * Pausing and resuming a run: a mark beside its status ({@code runs.paused_at}), never a status of its own, as a
 * queue's pause is a column in River. While paused, the run's queued items are held ({@code run_items.held}): the
 * claim passes them by on every instance, and items already running finish and count as usual. Items first, then
 * the run: the lock order. Each change is conditional on the state it expects, so a second pause, a resume of a run
 * not paused, or either on a terminal run changes nothing; one that changed the run sends the run-signal
 * ({@link RunSignals}), whose listeners write its live event and wake the workers of every instance on a resume.
 */
public final class RunPause {
    private RunPause() {
    }

    /** Pauses the workspace's active run; false when it is paused already, terminal, or not the workspace's. */
    public static boolean pause(Handle handle, long workspaceId, long runId, Instant now, RunSignals signals) {
        StatusBinds.bind(handle.createUpdate("""
                        UPDATE run_items SET held = TRUE
                        WHERE run_id = :runId AND status = :item_queued AND held = FALSE
                          AND run_id IN (SELECT id FROM runs WHERE id = :runId AND workspace_id = :workspaceId
                                         AND status IN (<run_active>) AND paused_at IS NULL)"""))
                .bind("runId", runId).bind("workspaceId", workspaceId).execute();
        boolean paused = StatusBinds.bind(handle.createUpdate("""
                        UPDATE runs SET paused_at = :now, updated_at = GREATEST(updated_at, :now)
                        WHERE id = :runId AND workspace_id = :workspaceId AND status IN (<run_active>)
                          AND paused_at IS NULL"""))
                .bind("runId", runId).bind("workspaceId", workspaceId).bind("now", now).execute() > 0;
        if (paused) {
            signals.send(handle, runId, RunChange.PAUSED);
        }
        return paused;
    }

    /**
     * Resumes the workspace's paused run: its held items are queued again, joining the round of its priority where
     * it stands now (their order kept), as a new run's would, rather than ahead of every run that went on meanwhile.
     * False when the run is not paused, terminal, or not the workspace's.
     */
    public static boolean resume(Handle handle, long workspaceId, long runId, Instant now,
                                 RunSignals signals) {
        Long firstHeld = StatusBinds.bind(handle.createQuery("""
                        SELECT MIN(turn) FROM run_items WHERE run_id = :runId AND status = :item_queued AND held = TRUE"""))
                .bind("runId", runId).mapTo(Long.class).findOne().orElse(null);
        long shift = 0;
        if (firstHeld != null) {
            int priority = handle.createQuery("SELECT priority FROM runs WHERE id = :runId").bind("runId", runId)
                    .mapTo(Integer.class).one();
            shift = Math.max(0, NewItems.firstQueuedTurn(handle, Priority.ofRank(priority)) - firstHeld);
        }
        StatusBinds.bind(handle.createUpdate("""
                        UPDATE run_items SET held = FALSE, turn = turn + :shift
                        WHERE run_id = :runId AND status = :item_queued AND held = TRUE
                          AND run_id IN (SELECT id FROM runs WHERE id = :runId AND workspace_id = :workspaceId
                                         AND status IN (<run_active>) AND paused_at IS NOT NULL)"""))
                .bind("runId", runId).bind("workspaceId", workspaceId).bind("shift", shift).execute();
        boolean resumed = StatusBinds.bind(handle.createUpdate("""
                        UPDATE runs SET paused_at = NULL, updated_at = GREATEST(updated_at, :now)
                        WHERE id = :runId AND workspace_id = :workspaceId AND status IN (<run_active>)
                          AND paused_at IS NOT NULL"""))
                .bind("runId", runId).bind("workspaceId", workspaceId).bind("now", now).execute() > 0;
        if (resumed) {
            signals.send(handle, runId, RunChange.RESUMED);
        }
        return resumed;
    }
}
