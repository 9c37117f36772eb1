package dev.flowrun.run;

import java.time.Instant;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Every state change of runs and items. Each is conditional on the state it expects and its row count says
 * whether it happened: that is what keeps "first terminal status" unique under races (cancel against the last
 * item, two cancels, a restart).
 */
public interface RunTransitions {

    @SqlUpdate("""
            UPDATE run_items SET status = 'running', started_at = :now, finished_at = NULL,
                                 error_code = NULL, error_message = NULL
            WHERE id = :itemId AND status = 'queued'""")
    int claimItem(@Bind("itemId") long itemId, @Bind("now") Instant now);

    @SqlUpdate("""
            UPDATE runs SET status = 'running', started_at = :now, updated_at = :now
            WHERE id = :runId AND status = 'queued'""")
    int startRun(@Bind("runId") long runId, @Bind("now") Instant now);

    /** Counts a finished item into its run; 0 rows means the run is no longer running (it was cancelled). */
    @SqlUpdate("""
            UPDATE runs SET completed_items = completed_items + :completed, failed_items = failed_items + :failed,
                            output_count = output_count + :outputs, updated_at = :now
            WHERE id = :runId AND status = 'running'""")
    int countItem(@Bind("runId") long runId, @Bind("completed") int completed, @Bind("failed") int failed,
                  @Bind("outputs") int outputs, @Bind("now") Instant now);

    @SqlUpdate("""
            UPDATE run_items SET status = :status, error_code = :errorCode, error_message = :errorMessage,
                                 finished_at = :now
            WHERE id = :itemId AND status = 'running'""")
    int finishItem(@Bind("itemId") long itemId, @Bind("status") String status, @Bind("errorCode") String errorCode,
                   @Bind("errorMessage") String errorMessage, @Bind("now") Instant now);

    /**
     * The run's first terminal status, once every item is counted (interface §3). Never while a zip run's archive
     * is still being read: its total is not known yet.
     */
    @SqlUpdate("""
            UPDATE runs SET status = CASE WHEN failed_items = 0 AND total_items > 0 THEN 'completed'
                                          WHEN completed_items = 0 THEN 'failed'
                                          ELSE 'partial' END,
                            finished_at = :now, updated_at = :now
            WHERE id = :runId AND status = 'running' AND ingesting = FALSE
              AND completed_items + failed_items >= total_items""")
    int finishRunIfDone(@Bind("runId") long runId, @Bind("now") Instant now);

    /**
     * A zip run's archive has been read: its items are published in the same transaction, so the total is set
     * before any item can run. 0 rows means the run was cancelled meanwhile and its staged items are to go.
     */
    @SqlUpdate("""
            UPDATE runs SET total_items = :totalItems, ingesting = FALSE, updated_at = :now
            WHERE id = :runId AND status IN ('queued', 'running') AND ingesting = TRUE""")
    int finishIngesting(@Bind("runId") long runId, @Bind("totalItems") int totalItems, @Bind("now") Instant now);

    /** The run as a whole failed (its zip could not be read); 0 rows means it was terminal already. */
    @SqlUpdate("""
            UPDATE runs SET status = 'failed', error_code = :errorCode, error_message = :errorMessage,
                            finished_at = :now, updated_at = :now
            WHERE id = :runId AND status IN ('queued', 'running')""")
    int failRun(@Bind("runId") long runId, @Bind("errorCode") String errorCode,
                @Bind("errorMessage") String errorMessage, @Bind("now") Instant now);

    @SqlUpdate("""
            UPDATE runs SET status = 'cancelled', finished_at = :now, updated_at = :now
            WHERE id = :runId AND workspace_id = :workspaceId AND status IN ('queued', 'running')""")
    int cancelRun(@Bind("workspaceId") long workspaceId, @Bind("runId") long runId, @Bind("now") Instant now);

    @SqlUpdate("""
            UPDATE run_items SET status = 'cancelled', finished_at = :now
            WHERE run_id = :runId AND status = 'queued'""")
    int cancelQueuedItems(@Bind("runId") long runId, @Bind("now") Instant now);

    /** After a crash: items that were running start again from the start. */
    @SqlUpdate("""
            UPDATE run_items SET status = 'queued', started_at = NULL
            WHERE status = 'running' AND run_id IN (SELECT id FROM runs WHERE status IN ('queued', 'running'))""")
    int requeueInterruptedItems();

    /** After a crash: items that were running when their run was cancelled end as cancelled. */
    @SqlUpdate("""
            UPDATE run_items SET status = 'cancelled', finished_at = :now
            WHERE status = 'running' AND run_id IN (SELECT id FROM runs WHERE status NOT IN ('queued', 'running'))""")
    int cancelOrphanedItems(@Bind("now") Instant now);
}
