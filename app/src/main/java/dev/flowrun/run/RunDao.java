package dev.flowrun.run;

import dev.flowrun.lifecycle.RunRow;
import dev.flowrun.lifecycle.RunRows;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.lifecycle.OutputRow;
import dev.flowrun.lifecycle.StatusBinds;
import dev.flowrun.lifecycle.StatusColumns;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterColumnMapperFactory;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/**
 * Reading runs (as {@link RunRows}) and their items. Every change of their state is the lifecycle's
 * ({@code dev.flowrun.lifecycle}).
 */
@RegisterColumnMapperFactory(StatusColumns.class)
@RegisterRowMapper(RunRow.Mapper.class)
@RegisterRowMapper(ItemRow.Mapper.class)
@RegisterConstructorMapper(NodeStateRow.class)
@RegisterRowMapper(OutputRow.Mapper.class)
public interface RunDao extends RunRows {
    String ITEM_COLUMNS = """
            id, run_id, position, status, inputs, error_code, error_message, started_at, finished_at, needs_review""";
    String OUTPUT_COLUMNS = "id, run_id, item_id, node_id, file_key, file_name, node_chain";
    /** The outputs of some items, grouped by item; also read on the page path ({@link RunQueries}). */
    String OUTPUTS_OF_ITEMS = "SELECT " + OUTPUT_COLUMNS
            + " FROM item_outputs WHERE item_id IN (<itemIds>) ORDER BY item_id, id";


    @SqlQuery("SELECT " + ITEM_COLUMNS + " FROM run_items WHERE id = :itemId AND run_id = :runId")
    Optional<ItemRow> findItem(@Bind("runId") long runId, @Bind("itemId") long itemId);

    @SqlQuery("""
            SELECT item_id, node_id, status, file_keys, started_at, finished_at, method, confidence
            FROM node_states WHERE item_id = :itemId""")
    List<NodeStateRow> nodeStates(@Bind("itemId") long itemId);

    @SqlQuery(OUTPUTS_OF_ITEMS)
    List<OutputRow> outputsOfItems(@BindList("itemIds") List<Long> itemIds);

    /** What a retry runs again: the run's failed and cancelled items ({@link ItemStatus#RETRIED}), in their order. */
    default List<ItemRow> itemsToRetry(long runId) {
        return itemsWithStatus(runId, StatusBinds.texts(ItemStatus.RETRIED));
    }

    @SqlQuery("SELECT " + ITEM_COLUMNS
            + " FROM run_items WHERE run_id = :runId AND status IN (<statuses>) ORDER BY position")
    List<ItemRow> itemsWithStatus(@Bind("runId") long runId, @BindList("statuses") List<String> statuses);
}
