package dev.flowrun.run;

import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The reading of zip runs' archives: which runs need it, and the items staged until the archive is read. */
@RegisterConstructorMapper(ZipRunDao.IngestingRun.class)
public interface ZipRunDao {

    /**
     * A run whose archive is to be read (or whose abandoned reading is to be cleaned up); {@code zipKey}: where an
     * uploaded archive waits in the store, null when it is downloaded from {@code zipUrl}.
     */
    record IngestingRun(long id, String status, String zipUrl, String zipKey, String graph) {
        /** Not terminal: a cancelled or failed run's reading is only cleaned up. */
        public boolean wanted() {
            return "queued".equals(status) || "running".equals(status);
        }
    }

    @SqlQuery("SELECT id, status, zip_url, zip_key, graph FROM runs WHERE id = :id AND ingesting = TRUE")
    Optional<IngestingRun> ingestingRun(@Bind("id") long id);

    /** Every run still marked, oldest first: unfinished ones are read again, the others cleaned up. */
    @SqlQuery("SELECT id FROM runs WHERE ingesting = TRUE ORDER BY id")
    List<Long> ingestingRunIds();

    @SqlQuery("SELECT COUNT(*) FROM runs WHERE id = :id AND status IN ('queued', 'running') AND ingesting = TRUE")
    int stillWanted(@Bind("id") long id);

    @SqlBatch("""
            INSERT INTO staged_items (run_id, position, inputs, search_text)
            VALUES (:runId, :position, :inputs, :searchText)""")
    void stage(@BindMethods List<StagedItem> items);

    /** In the transaction of {@link RunTransitions#finishIngesting}: the staged items become the run's items. */
    @SqlUpdate("""
            INSERT INTO run_items (run_id, position, status, inputs, search_text)
            SELECT run_id, position, 'queued', inputs, search_text FROM staged_items
            WHERE run_id = :runId ORDER BY position""")
    int publishStaged(@Bind("runId") long runId);

    @SqlUpdate("DELETE FROM staged_items WHERE run_id = :runId")
    int deleteStaged(@Bind("runId") long runId);

    /** The run's partial work is gone: nothing is left to redo or clean up. */
    @SqlUpdate("UPDATE runs SET ingesting = FALSE WHERE id = :runId AND status NOT IN ('queued', 'running')")
    int forgetAbandoned(@Bind("runId") long runId);
}
