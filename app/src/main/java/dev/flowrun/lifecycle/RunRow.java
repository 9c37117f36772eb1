package dev.flowrun.lifecycle;

import dev.flowrun.db.Columns;
import dev.flowrun.lifecycle.RunStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * A row of {@code runs} ({@link RunRows#RUN_COLUMNS}), without the graph it carries. {@code retryOf}: the run this
 * one retries, if any; {@code filesDeletedAt}: when FLOWRUN_OUTPUT_RETENTION removed its files, if it has;
 * {@code reviewItems}: how many of its items need review; {@code pausedAt}: when it was paused, null when it is not.
 */
public record RunRow(
        long id,
        long workspaceId,
        long workflowId,
        String name,
        RunStatus status,
        String runTrigger,
        String zipUrl,
        String zipLayout,
        String webhookUrl,
        int totalItems,
        int completedItems,
        int failedItems,
        int outputCount,
        String errorCode,
        String errorMessage,
        Instant createdAt,
        Instant updatedAt,
        Instant startedAt,
        Instant finishedAt,
        Long retryOf,
        Instant filesDeletedAt,
        int reviewItems,
        Instant pausedAt,
        Priority priority) {

    /**
     * Written out because runs are read on every poll: JDBI's ConstructorMapper works out its column binding again
     * for each result set, which cost more than the query itself.
     */
    public static final class Mapper implements RowMapper<RunRow> {
        @Override
        public RunRow map(ResultSet rs, StatementContext ctx) throws SQLException {
            return new RunRow(rs.getLong("id"), rs.getLong("workspace_id"), rs.getLong("workflow_id"),
                    rs.getString("name"), RunStatus.stored(rs.getString("status")), rs.getString("run_trigger"), rs.getString("zip_url"),
                    rs.getString("zip_layout"), rs.getString("webhook_url"), rs.getInt("total_items"),
                    rs.getInt("completed_items"), rs.getInt("failed_items"), rs.getInt("output_count"),
                    rs.getString("error_code"), rs.getString("error_message"), Columns.instant(rs, "created_at"),
                    Columns.instant(rs, "updated_at"), Columns.instant(rs, "started_at"),
                    Columns.instant(rs, "finished_at"), rs.getObject("retry_of", Long.class),
                    Columns.instant(rs, "files_deleted_at"), rs.getInt("review_items"),
                    Columns.instant(rs, "paused_at"), Priority.ofRank(rs.getInt("priority")));
        }
    }
}
