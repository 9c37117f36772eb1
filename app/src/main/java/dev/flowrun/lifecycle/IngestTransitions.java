package dev.flowrun.lifecycle;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.sqlobject.SqlObject;
import org.jdbi.v3.sqlobject.config.RegisterColumnMapperFactory;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The reading of a zip run's archive: claimed by one instance in the create transaction, its items staged as they
 * are read, then published all at once with the run's total; or abandoned (cancelled, failed) and forgotten, or
 * taken over from an instance that is gone. Every step after the claim is fenced by it ({@code docs/lifecycle.md}).
 */
@RegisterColumnMapperFactory(StatusColumns.class)
@RegisterConstructorMapper(IngestTransitions.IngestingRun.class)
public interface IngestTransitions extends SqlObject {

    /**
     * A run whose archive is to be read (or whose abandoned reading is to be cleaned up); {@code zipKey}: where an
     * uploaded archive waits in the store, null when it is downloaded from {@code zipUrl}.
     */
    record IngestingRun(long id, RunStatus status, String zipUrl, String zipKey, String graph) {
        /** Not terminal: a cancelled or failed run's reading is only cleaned up. */
        public boolean wanted() {
            return !status.terminal();
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
    @BindStatuses
    @SqlQuery("""
            SELECT COUNT(*) FROM runs
            WHERE id = :id AND status IN (<run_active>) AND ingesting = TRUE AND ingest_claimed_by = :claim""")
    int stillWanted(@Bind("id") long id, @Bind("claim") String claim);

    /** 1 while the reading (or its clean-up) is still this instance's: it was not taken over. */
    @SqlQuery("SELECT COUNT(*) FROM runs WHERE id = :id AND ingesting = TRUE AND ingest_claimed_by = :claim")
    int stillOurs(@Bind("id") long id, @Bind("claim") String claim);

    /**
     * A zip run's archive has been read: its staged items become the run's items and its total is set, in one
     * transaction with the run's live event, so the total is set before any item can run. False when the run was cancelled meanwhile (its
     * staged items are to go), or the reading was taken over by another instance ({@code claim} is no longer its
     * reader). The items take turns from {@link NewItems#firstQueuedTurn}, with their run's priority, held if it is paused.
     */
    default boolean publish(long runId, int totalItems, String claim, Instant now) {
        if (finishIngesting(runId, totalItems, claim, now) == 0) {
            return false;
        }
        int priority = getHandle().createQuery("SELECT priority FROM runs WHERE id = :runId").bind("runId", runId)
                .mapTo(Integer.class).one();
        long firstTurn = NewItems.firstQueuedTurn(getHandle(), Priority.ofRank(priority));
        int published = publishStaged(runId, firstTurn);
        if (published != totalItems) {
            throw new IllegalStateException("run " + runId + ": " + published + " items staged, " + totalItems + " read");
        }
        deleteStaged(runId);
        RunEvents.runChanged(getHandle(), runId);
        return true;
    }

    @BindStatuses
    @SqlUpdate("""
            UPDATE runs SET total_items = :totalItems, ingesting = FALSE, updated_at = GREATEST(updated_at, :now)
            WHERE id = :runId AND status IN (<run_active>) AND ingesting = TRUE AND ingest_claimed_by = :claim""")
    int finishIngesting(@Bind("runId") long runId, @Bind("totalItems") int totalItems, @Bind("claim") String claim,
                        @Bind("now") Instant now);

    @SqlBatch("""
            INSERT INTO staged_items (run_id, position, inputs, search_text)
            VALUES (:runId, :position, :inputs, :searchText)""")
    void stage(@BindMethods List<StagedItem> items);

    @BindStatuses
    @SqlUpdate("""
            INSERT INTO run_items (run_id, position, status, inputs, search_text, turn, priority, held)
            SELECT s.run_id, s.position, :item_queued, s.inputs, s.search_text, :firstTurn + s.position, r.priority,
                   CASE WHEN r.paused_at IS NULL THEN FALSE ELSE TRUE END
            FROM staged_items s JOIN runs r ON r.id = s.run_id
            WHERE s.run_id = :runId ORDER BY s.position""")
    int publishStaged(@Bind("runId") long runId, @Bind("firstTurn") long firstTurn);

    /** In the create transaction: where an uploaded archive of the run waits in the store until it is read. */
    @SqlUpdate("UPDATE runs SET zip_key = :key WHERE id = :runId")
    int setZipKey(@Bind("runId") long runId, @Bind("key") String key);

    @SqlUpdate("DELETE FROM staged_items WHERE run_id = :runId")
    int deleteStaged(@Bind("runId") long runId);

    /** The run's partial work is gone: nothing is left to redo or clean up. */
    @BindStatuses
    @SqlUpdate("""
            UPDATE runs SET ingesting = FALSE
            WHERE id = :runId AND status IN (<run_terminal>) AND ingest_claimed_by = :claim""")
    int forgetAbandoned(@Bind("runId") long runId, @Bind("claim") String claim);

    /** Archive readings a gone instance had under way, now the taker's; returns their runs, to be read from nothing. */
    default List<Long> takeOver(Abandoned abandoned) {
        Handle handle = getHandle();
        List<Long> runIds = abandoned.bind(handle.createQuery(
                        "SELECT id FROM runs WHERE ingesting = TRUE AND " + abandoned.where("ingest_claimed_by")
                                + " ORDER BY id"))
                .mapTo(Long.class).list();
        if (!runIds.isEmpty()) {
            abandoned.bind(handle.createUpdate("UPDATE runs SET ingest_claimed_by = :taker WHERE ingesting = TRUE AND "
                            + abandoned.where("ingest_claimed_by")))
                    .bind("taker", abandoned.taker()).execute();
        }
        return runIds;
    }
}
