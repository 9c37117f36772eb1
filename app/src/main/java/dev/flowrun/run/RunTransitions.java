package dev.flowrun.run;

import java.time.Instant;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * State changes of runs and items outside an item's own execution (that is {@code engine.ItemStatements}). Each is
 * conditional on the state it expects and its row count says whether it happened: that is what keeps "first
 * terminal status" unique under races (cancel against the last item, two cancels, a restart). A run's
 * {@code updated_at} never goes back and it ends no earlier than it was last updated: writers read the clock before
 * their transaction and may commit in either order, and a run must not end before an item it counted.
 */
public interface RunTransitions {

    /**
     * A zip run's archive has been read: its items are published in the same transaction, so the total is set
     * before any item can run. 0 rows means the run was cancelled meanwhile and its staged items are to go, or the
     * reading was taken over by another instance ({@code claim} is no longer its reader).
     */
    @SqlUpdate("""
            UPDATE runs SET total_items = :totalItems, ingesting = FALSE, updated_at = GREATEST(updated_at, :now)
            WHERE id = :runId AND status IN ('queued', 'running') AND ingesting = TRUE AND ingest_claimed_by = :claim""")
    int finishIngesting(@Bind("runId") long runId, @Bind("totalItems") int totalItems, @Bind("claim") String claim,
                        @Bind("now") Instant now);

    /** The run as a whole failed (its zip could not be read); 0 rows means it was terminal already. */
    @SqlUpdate("""
            UPDATE runs SET status = 'failed', error_code = :errorCode, error_message = :errorMessage,
                            finished_at = GREATEST(updated_at, :now), updated_at = GREATEST(updated_at, :now)
            WHERE id = :runId AND status IN ('queued', 'running')""")
    int failRun(@Bind("runId") long runId, @Bind("errorCode") String errorCode,
                @Bind("errorMessage") String errorMessage, @Bind("now") Instant now);

    @SqlUpdate("""
            UPDATE runs SET status = 'cancelled', finished_at = GREATEST(updated_at, :now),
                            updated_at = GREATEST(updated_at, :now)
            WHERE id = :runId AND workspace_id = :workspaceId AND status IN ('queued', 'running')""")
    int cancelRun(@Bind("workspaceId") long workspaceId, @Bind("runId") long runId, @Bind("now") Instant now);

    @SqlUpdate("""
            UPDATE run_items SET status = 'cancelled', finished_at = :now
            WHERE run_id = :runId AND status = 'queued'""")
    int cancelQueuedItems(@Bind("runId") long runId, @Bind("now") Instant now);

}
