package dev.flowrun.lifecycle;

import java.time.Instant;
import java.util.List;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * What FLOWRUN_OUTPUT_RETENTION removes: the files of runs finished long enough ago, and old uploads. A run or an
 * upload is marked first (the mark decides which instance deletes), then its files go ({@code docs/lifecycle.md}).
 */
public interface SweepTransitions {

    /**
     * Terminal runs finished before the cutoff whose files are still there, oldest first (runs_to_sweep): not one
     * still reading its archive, nor one with an item still running (a cancelled run's, which finishes and is
     * discarded), so nothing writes into a folder being removed.
     */
    @BindStatuses
    @SqlQuery("""
            SELECT id FROM runs
            WHERE files_deleted_at IS NULL AND finished_at < :cutoff
              AND status IN (<run_terminal>) AND ingesting = FALSE
              AND NOT EXISTS (SELECT 1 FROM run_items WHERE run_items.run_id = runs.id AND run_items.status = :item_running)
            ORDER BY finished_at LIMIT :limit""")
    List<Long> runsDue(@Bind("cutoff") Instant cutoff, @Bind("limit") int limit);

    /** 0 rows: another instance marked it first, and deletes its files. */
    @SqlUpdate("UPDATE runs SET files_deleted_at = :now WHERE id = :id AND files_deleted_at IS NULL")
    int markRun(@Bind("id") long id, @Bind("now") Instant now);

    @SqlQuery("""
            SELECT id FROM uploads WHERE deleted_at IS NULL AND created_at < :cutoff ORDER BY created_at LIMIT :limit""")
    List<Long> uploadsDue(@Bind("cutoff") Instant cutoff, @Bind("limit") int limit);

    @SqlUpdate("UPDATE uploads SET deleted_at = :now WHERE id = :id AND deleted_at IS NULL")
    int markUpload(@Bind("id") long id, @Bind("now") Instant now);

    @SqlQuery("SELECT id FROM runs WHERE id IN (<ids>) AND files_deleted_at IS NOT NULL")
    List<Long> runsMarkedAmong(@BindList("ids") List<Long> ids);

    @SqlQuery("SELECT id FROM uploads WHERE id IN (<ids>) AND deleted_at IS NOT NULL")
    List<Long> uploadsMarkedAmong(@BindList("ids") List<Long> ids);

    @SqlQuery("SELECT COUNT(*) FROM runs WHERE id = :id AND files_deleted_at IS NOT NULL")
    int runMarked(@Bind("id") long id);

    @SqlQuery("SELECT COUNT(*) FROM uploads WHERE id = :id AND deleted_at IS NOT NULL")
    int uploadMarked(@Bind("id") long id);
}
