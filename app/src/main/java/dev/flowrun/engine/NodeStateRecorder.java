package dev.flowrun.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.db.Dialect;
import dev.flowrun.lifecycle.ItemTransitions;
import dev.flowrun.lifecycle.NodeStateChange;
import dev.flowrun.lifecycle.NodeStatus;
import dev.flowrun.nodes.CutoutGrade;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * One item's node states as they change, kept here and written in batches: by {@link NodeStateWriter} once a
 * change is older than its delay (an item that runs long shows where it is), and what is left in the item's
 * closing transaction. A write per change cost two commits per node, a third of the service's CPU per item on a
 * quick pipeline (docs/PERFORMANCE.md); most items now write their node states once, with their outcome.
 *
 * <p>Synchronized: the worker records while the writer's thread may be writing. A write holds the lock until its
 * transaction ends, so an earlier state is never written over a later one.
 */
final class NodeStateRecorder {
    private final ObjectMapper mapper;
    private final Clock clock;
    private Instant latest;
    private final Dialect dialect;
    private final long itemId;
    private final Map<String, NodeStateChange> unwritten = new LinkedHashMap<>();
    private final Map<String, NodeStatus> statuses = new LinkedHashMap<>();
    private final Map<String, Instant> startedAt = new LinkedHashMap<>();
    private long oldestUnwritten;
    private Double lowestConfidence;

    NodeStateRecorder(ObjectMapper mapper, Clock clock, Dialect dialect, long itemId) {
        this.mapper = mapper;
        this.clock = clock;
        this.dialect = dialect;
        this.itemId = itemId;
    }

    synchronized void start(String nodeId) {
        Instant now = now();
        startedAt.put(nodeId, now);
        change(nodeId, NodeStatus.RUNNING, "[]", now, null, null);
    }

    synchronized void finish(String nodeId, NodeStatus status, List<String> fileKeys) {
        finish(nodeId, status, fileKeys, null);
    }

    /** {@code grade}: what a cut-out said of itself, null for other nodes. */
    synchronized void finish(String nodeId, NodeStatus status, List<String> fileKeys, CutoutGrade grade) {
        String keys;
        try {
            keys = mapper.writeValueAsString(fileKeys);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a list of strings always serialises", e);
        }
        change(nodeId, status, keys, startedAt.get(nodeId), now(), grade);
        if (grade != null && (lowestConfidence == null || grade.confidence() < lowestConfidence)) {
            lowestConfidence = grade.confidence();
        }
    }

    /** The lowest confidence of the item's cut-outs so far; null when none completed. */
    synchronized Double lowestConfidence() {
        return lowestConfidence;
    }

    /** A node that never started after a failure before it; one that did keeps its state. */
    synchronized void skip(String nodeId) {
        if (statuses.getOrDefault(nodeId, NodeStatus.PENDING) == NodeStatus.PENDING) {
            change(nodeId, NodeStatus.SKIPPED, "[]", null, null, null);
        }
    }

    /** True when a change has waited {@code delayNanos} or longer, as of {@code nanoTime}. */
    synchronized boolean due(long nanoTime, long delayNanos) {
        return !unwritten.isEmpty() && nanoTime - oldestUnwritten >= delayNanos;
    }

    /** Writes every change not yet written, in {@code handle}'s transaction; the caller commits. */
    synchronized void writeUnwritten(Handle handle) {
        if (!unwritten.isEmpty()) {
            List<NodeStateChange> changes = List.copyOf(unwritten.values());
            ItemTransitions.writeNodeStates(handle, dialect, itemId, changes);
            // Forgotten once committed: a transaction the database lost is run again with them.
            handle.afterCommit(() -> forget(changes));
        }
    }

    private synchronized void forget(List<NodeStateChange> written) {
        written.forEach(change -> unwritten.remove(change.nodeId(), change));
    }

    /** Writes what is due in a transaction of its own, holding the lock until it is committed. */
    synchronized void writeIfDue(Jdbi jdbi, long nanoTime, long delayNanos) {
        if (due(nanoTime, delayNanos)) {
            List<NodeStateChange> changes = List.copyOf(unwritten.values());
            jdbi.useTransaction(handle -> ItemTransitions.writeNodeStates(handle, dialect, itemId, changes));
            unwritten.clear();
        }
    }

    private void change(String nodeId, NodeStatus status, String fileKeys, Instant started, Instant finished,
                        CutoutGrade grade) {
        if (unwritten.isEmpty()) {
            oldestUnwritten = System.nanoTime();
        }
        statuses.put(nodeId, status);
        unwritten.put(nodeId, new NodeStateChange(nodeId, status, fileKeys, started, finished,
                grade == null ? null : grade.method(), grade == null ? null : grade.confidence()));
    }

    /** Never before a time this item's nodes already have: a node ends no earlier than it started. */
    private Instant now() {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        if (latest != null && now.isBefore(latest)) {
            return latest;
        }
        latest = now;
        return now;
    }

}
