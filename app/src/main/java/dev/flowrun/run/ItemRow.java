package dev.flowrun.run;

import dev.flowrun.db.Columns;
import dev.flowrun.lifecycle.ItemStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * A row of {@code run_items} ({@link RunDao#ITEM_COLUMNS}); {@code inputs} is the JSON of {@link ItemInput}s by
 * input node id.
 */
public record ItemRow(
        long id,
        long runId,
        int position,
        ItemStatus status,
        String inputs,
        String errorCode,
        String errorMessage,
        Instant startedAt,
        Instant finishedAt,
        boolean needsReview) {

    /** Written out for the same reason as {@link RunRow.Mapper}: a page reads 25 to 100 of them. */
    public static final class Mapper implements RowMapper<ItemRow> {
        @Override
        public ItemRow map(ResultSet rs, StatementContext ctx) throws SQLException {
            return new ItemRow(rs.getLong("id"), rs.getLong("run_id"), rs.getInt("position"),
                    ItemStatus.stored(rs.getString("status")),
                    rs.getString("inputs"), rs.getString("error_code"), rs.getString("error_message"),
                    Columns.instant(rs, "started_at"), Columns.instant(rs, "finished_at"), rs.getBoolean("needs_review"));
        }
    }
}
