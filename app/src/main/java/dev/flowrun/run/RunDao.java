package dev.flowrun.run;

import dev.flowrun.lifecycle.StatusColumns;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterColumnMapperFactory;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Reading runs and creating them. State changes live in {@link RunTransitions}. */
@RegisterColumnMapperFactory(StatusColumns.class)
@RegisterRowMapper(RunRow.Mapper.class)
@RegisterRowMapper(ItemRow.Mapper.class)
@RegisterConstructorMapper(NodeStateRow.class)
@RegisterConstructorMapper(OutputFile.class)
@RegisterRowMapper(OutputRow.Mapper.class)
public interface RunDao {
    /** Also read without a SqlObject, by {@link NewItems} on the create transaction's handle. */
    String FIRST_QUEUED_TURN = "SELECT COALESCE(MIN(turn), 0) FROM run_items WHERE status = 'queued'";
    String RUN_COLUMNS = """
            id, workspace_id, workflow_id, name, status, run_trigger, zip_url, zip_layout, webhook_url,
            total_items, completed_items, failed_items, output_count, error_code, error_message,
            created_at, updated_at, started_at, finished_at, retry_of, files_deleted_at, review_items""";
    String ITEM_COLUMNS = """
            id, run_id, position, status, inputs, error_code, error_message, started_at, finished_at, needs_review""";
    String OUTPUT_COLUMNS = "id, run_id, item_id, node_id, file_key, file_name, node_chain";
    /** A run, only if it is the workspace's; also read without a SqlObject on the page path ({@link RunQueries}). */
    String FIND_RUN = "SELECT " + RUN_COLUMNS + " FROM runs WHERE id = :id AND workspace_id = :workspaceId";
    /** The outputs of some items, grouped by item; also read on the page path ({@link RunQueries}). */
    String OUTPUTS_OF_ITEMS = "SELECT " + OUTPUT_COLUMNS
            + " FROM item_outputs WHERE item_id IN (<itemIds>) ORDER BY item_id, id";

    @SqlUpdate("""
            INSERT INTO runs (workspace_id, workflow_id, name, status, run_trigger, graph, zip_url, zip_layout,
                              webhook_url, total_items, completed_items, failed_items, output_count,
                              ingesting, created_at, updated_at)
            VALUES (:workspaceId, :workflowId, :name, 'queued', :trigger, :graph, :zipUrl, :zipLayout,
                    :webhookUrl, :totalItems, 0, 0, 0, :ingesting, :now, :now)""")
    @GetGeneratedKeys("id")
    long insertRun(@Bind("workspaceId") long workspaceId, @Bind("workflowId") long workflowId,
                   @Bind("name") String name, @Bind("graph") String graph, @Bind("zipUrl") String zipUrl,
                   @Bind("zipLayout") String zipLayout, @Bind("webhookUrl") String webhookUrl,
                   @Bind("totalItems") int totalItems, @Bind("ingesting") boolean ingesting, @Bind("now") Instant now,
                   @Bind("trigger") String trigger);

    /**
     * Where new items join the round of runs taking turns: the turn of the first item still queued (0 when none is).
     * An item's turn is this plus its position, so a new run's first item comes after at most one item of each run
     * already waiting ({@code engine.ItemClaims} hands items out in turn order).
     */
    @SqlQuery(FIRST_QUEUED_TURN)
    long firstQueuedTurn();

    @SqlQuery(FIND_RUN)
    Optional<RunRow> findRun(@Bind("workspaceId") long workspaceId, @Bind("id") long id);

    @SqlQuery("SELECT " + RUN_COLUMNS + " FROM runs WHERE id = :id")
    Optional<RunRow> findRun(@Bind("id") long id);

    @SqlQuery("SELECT graph FROM runs WHERE id = :id")
    String graphOf(@Bind("id") long id);

    @SqlQuery("SELECT " + ITEM_COLUMNS + " FROM run_items WHERE id = :itemId AND run_id = :runId")
    Optional<ItemRow> findItem(@Bind("runId") long runId, @Bind("itemId") long itemId);

    @SqlQuery("""
            SELECT item_id, node_id, status, file_keys, started_at, finished_at, method, confidence
            FROM node_states WHERE item_id = :itemId""")
    List<NodeStateRow> nodeStates(@Bind("itemId") long itemId);

    @SqlQuery(OUTPUTS_OF_ITEMS)
    List<OutputRow> outputsOfItems(@BindList("itemIds") List<Long> itemIds);

    @SqlQuery("SELECT item_id, file_key, file_name FROM item_outputs WHERE run_id = :runId ORDER BY item_id, id")
    List<OutputFile> outputFilesOfRun(@Bind("runId") long runId);

    /** What a retry runs again: the run's failed and cancelled items, in their order. */
    @SqlQuery("SELECT " + ITEM_COLUMNS
            + " FROM run_items WHERE run_id = :runId AND status IN ('failed', 'cancelled') ORDER BY position")
    List<ItemRow> itemsToRetry(@Bind("runId") long runId);

    @SqlUpdate("UPDATE runs SET retry_of = :retryOf WHERE id = :id")
    int setRetryOf(@Bind("id") long id, @Bind("retryOf") long retryOf);
}
