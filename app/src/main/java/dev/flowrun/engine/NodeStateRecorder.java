package dev.flowrun.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.run.NodeStatus;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/** Writes each node's state as it changes, so a caller polling the item sees where it is. */
final class NodeStateRecorder {
    private final Jdbi jdbi;
    private final ObjectMapper mapper;
    private final Clock clock;
    private final long itemId;

    NodeStateRecorder(Jdbi jdbi, ObjectMapper mapper, Clock clock, long itemId) {
        this.jdbi = jdbi;
        this.mapper = mapper;
        this.clock = clock;
        this.itemId = itemId;
    }

    void start(String nodeId) {
        jdbi.useHandle(handle -> ItemStatements.startNode(handle, itemId, nodeId,
                clock.instant().truncatedTo(ChronoUnit.MILLIS)));
    }

    void finish(String nodeId, NodeStatus status, List<String> fileKeys) {
        String keys;
        try {
            keys = mapper.writeValueAsString(fileKeys);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a list of strings always serialises", e);
        }
        jdbi.useHandle(handle -> ItemStatements.finishNode(handle, itemId, nodeId, status.json(), keys,
                clock.instant().truncatedTo(ChronoUnit.MILLIS)));
    }

    void skip(String nodeId) {
        jdbi.useHandle(handle -> ItemStatements.skipNode(handle, itemId, nodeId));
    }
}
