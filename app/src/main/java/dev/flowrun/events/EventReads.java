package dev.flowrun.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/** The reads (and the pruning) of the events table, for the hub. */
final class EventReads {
    private static final String EVENT_COLUMNS = """
            e.run_id, e.seq, e.name, e.item_id, e.item_status, e.run_status, e.total_items, e.completed_items,
            e.failed_items, e.paused, i.inputs, i.needs_review""";
    private final Jdbi jdbi;
    private final ObjectMapper mapper;

    EventReads(Jdbi jdbi, ObjectMapper mapper) {
        this.jdbi = jdbi;
        this.mapper = mapper;
    }

    /** A run's state now and the id of its last event; empty when it is not the workspace's. */
    Optional<RunEvent> current(long workspaceId, long runId) {
        return jdbi.withHandle(handle -> handle.createQuery("""
                        SELECT id, event_seq, status, total_items, completed_items, failed_items, paused_at FROM runs
                        WHERE id = :runId AND workspace_id = :workspaceId""")
                .bind("runId", runId).bind("workspaceId", workspaceId)
                .map((rs, ctx) -> new RunEvent(rs.getLong("id"), rs.getLong("event_seq"), "run", null, null,
                        rs.getString("status"), rs.getInt("total_items"), rs.getInt("completed_items"),
                        rs.getInt("failed_items"), null, null, rs.getObject("paused_at") != null))
                .findOne());
    }

    /** Whether every event after {@code after} up to {@code last} is still kept. */
    boolean keptSince(long runId, long after, long last) {
        if (after >= last) {
            return true;
        }
        Long first = jdbi.withHandle(handle -> handle.createQuery(
                        "SELECT MIN(seq) FROM run_events WHERE run_id = :runId AND seq > :after")
                .bind("runId", runId).bind("after", after).mapTo(Long.class).one());
        return first != null && first == after + 1;
    }

    /** Each run's last event id and status, for the runs someone follows. */
    List<RunMark> marks(Collection<Long> runIds) {
        return jdbi.withHandle(handle -> handle.createQuery(
                        "SELECT id, event_seq, status FROM runs WHERE id IN (<runIds>)")
                .bindList("runIds", List.copyOf(runIds))
                .map((rs, ctx) -> new RunMark(rs.getLong("id"), rs.getLong("event_seq"), rs.getString("status")))
                .list());
    }

    /** Up to {@code limit} events of a run after {@code after}, in id order. */
    List<RunEvent> after(long runId, long after, int limit) {
        // An item event's name and review mark are the item's: both are final once it ended, in the same commit.
        return jdbi.withHandle(handle -> handle.createQuery("SELECT " + EVENT_COLUMNS + """
                         FROM run_events e LEFT JOIN run_items i ON i.id = e.item_id
                        WHERE e.run_id = :runId AND e.seq > :after ORDER BY e.seq LIMIT :limit""")
                .bind("runId", runId).bind("after", after).bind("limit", limit)
                .map((rs, ctx) -> event(rs)).list());
    }

    int prune(Instant before) {
        return jdbi.withHandle(handle -> handle.createUpdate("DELETE FROM run_events WHERE created_at < :before")
                .bind("before", before).execute());
    }

    private RunEvent event(ResultSet rs) throws SQLException {
        long itemId = rs.getLong("item_id");
        Long item = rs.wasNull() ? null : itemId;
        return new RunEvent(rs.getLong("run_id"), rs.getLong("seq"), rs.getString("name"), item,
                rs.getString("item_status"), rs.getString("run_status"), rs.getInt("total_items"),
                rs.getInt("completed_items"), rs.getInt("failed_items"),
                item == null ? null : firstFileName(rs.getString("inputs")),
                item == null ? null : rs.getBoolean("needs_review"), rs.getBoolean("paused"));
    }

    /** The item's name: its first input's file name ({@code inputs} is stored in the graph's order). */
    private String firstFileName(String inputs) {
        if (inputs == null) {
            return null;
        }
        try {
            for (JsonNode input : mapper.readTree(inputs)) {
                return input.path("fileName").asText(null);
            }
            return null;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored item inputs are always valid JSON", e);
        }
    }

    /** A run's last event id and its status now. */
    record RunMark(long runId, long lastEvent, String status) {
    }
}
