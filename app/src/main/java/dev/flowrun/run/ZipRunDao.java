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

    /** In the create transaction: the instance that reads the archive (another takes it over if that one is gone). */
    @SqlUpdate("UPDATE runs SET ingest_claimed_by = :claim WHERE id = :runId")
    void claimIngestion(@Bind("runId") long runId, @Bind("claim") String claim);

    /** The run, while its reading is still to do and still this instance's ({@code claim}). */
    @SqlQuery("""
            SELECT id, status, zip_url, zip_key, graph FROM runs
            WHERE id = :id AND ingesting = TRUE AND ingest_claimed_by = :claim""")
    Optional<IngestingRun> ingestingRun(@Bind("id") long id, @Bind("claim") String claim);

    /** 1 while the run still wants its archive read and the reading is still this instance's; 0 otherwise. */
    @SqlQuery("""
            SELECT COUNT(*) FROM runs
            WHERE id = :id AND status IN ('queued', 'running') AND ingesting = TRUE AND ingest_claimed_by = :claim""")
    int stillWanted(@Bind("id") long id, @Bind("claim") String claim);

    /** 1 while the reading (or its clean-up) is still this instance's: it was not taken over. */
    @SqlQuery("SELECT COUNT(*) FROM runs WHERE id = :id AND ingesting = TRUE AND ingest_claimed_by = :claim")
    int stillOurs(@Bind("id") long id, @Bind("claim") String claim);

    @SqlBatch("""
            INSERT INTO staged_items (run_id, position, inputs, search_text)
            VALUES (:runId, :position, :inputs, :searchText)""")
    void stage(@BindMethods List<StagedItem> items);

    /**
     * In the transaction of {@link RunTransitions#finishIngesting}: the staged items become the run's items, taking
     * turns from {@code firstTurn} ({@link RunDao#firstQueuedTurn}).
     */
    @SqlUpdate("""
            INSERT INTO run_items (run_id, position, status, inputs, search_text, turn)
            SELECT run_id, position, 'queued', inputs, search_text, :firstTurn + position FROM staged_items
            WHERE run_id = :runId ORDER BY position""")
    int publishStaged(@Bind("runId") long runId, @Bind("firstTurn") long firstTurn);

    /** In the create transaction: where an uploaded archive of the run waits in the store until it is read. */
    @SqlUpdate("UPDATE runs SET zip_key = :key WHERE id = :runId")
    int setZipKey(@Bind("runId") long runId, @Bind("key") String key);

    @SqlUpdate("DELETE FROM staged_items WHERE run_id = :runId")
    int deleteStaged(@Bind("runId") long runId);

    /** The run's partial work is gone: nothing is left to redo or clean up. */
    @SqlUpdate("""
            UPDATE runs SET ingesting = FALSE
            WHERE id = :runId AND status NOT IN ('queued', 'running') AND ingest_claimed_by = :claim""")
    int forgetAbandoned(@Bind("runId") long runId, @Bind("claim") String claim);
}
