package dev.flowrun.lifecycle;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** One output file of an item; {@code fileName} is its path in the run's archive, {@code nodeChain} JSON. */
public record OutputRow(long id, long runId, long itemId, String nodeId, String fileKey, String fileName,
                        String nodeChain) {

    /** Written out, not JDBI's ConstructorMapper, which works out its column binding again for each result set. */
    public static final class Mapper implements RowMapper<OutputRow> {
        @Override
        public OutputRow map(ResultSet rs, StatementContext ctx) throws SQLException {
            return new OutputRow(rs.getLong("id"), rs.getLong("run_id"), rs.getLong("item_id"), rs.getString("node_id"),
                    rs.getString("file_key"), rs.getString("file_name"), rs.getString("node_chain"));
        }
    }
}
