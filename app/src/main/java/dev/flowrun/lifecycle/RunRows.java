package dev.flowrun.lifecycle;

import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterColumnMapperFactory;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/**
 * Reading a run's row, its graph and its output files: what the engine, the webhook outbox and the services all need of a run. The
 * services' reads of items, pages and lists extend it ({@code run/RunDao}).
 */
@RegisterColumnMapperFactory(StatusColumns.class)
@RegisterRowMapper(RunRow.Mapper.class)
@RegisterConstructorMapper(OutputFile.class)
public interface RunRows {
    String RUN_COLUMNS = """
            id, workspace_id, workflow_id, name, status, run_trigger, zip_url, zip_layout, webhook_url,
            total_items, completed_items, failed_items, output_count, error_code, error_message,
            created_at, updated_at, started_at, finished_at, retry_of, files_deleted_at, review_items, paused_at, priority""";
    /** A run, only if it is the workspace's; also read without a SqlObject on the page path. */
    String FIND_RUN = "SELECT " + RUN_COLUMNS + " FROM runs WHERE id = :id AND workspace_id = :workspaceId";

    @SqlQuery(FIND_RUN)
    Optional<RunRow> findRun(@Bind("workspaceId") long workspaceId, @Bind("id") long id);

    @SqlQuery("SELECT " + RUN_COLUMNS + " FROM runs WHERE id = :id")
    Optional<RunRow> findRun(@Bind("id") long id);

    @SqlQuery("SELECT graph FROM runs WHERE id = :id")
    String graphOf(@Bind("id") long id);

    @SqlQuery("SELECT item_id, file_key, file_name FROM item_outputs WHERE run_id = :runId ORDER BY item_id, id")
    List<OutputFile> outputFilesOfRun(@Bind("runId") long runId);
}
