package dev.flowrun.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.work.DaemonThreads;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the node states of running items that changed more than {@link #DELAY} ago, from a thread of its own: a
 * caller polling an item sees a node start or finish within about that delay, and an item quicker than it writes
 * its node states only with its outcome ({@link NodeStateRecorder}).
 */
final class NodeStateWriter implements AutoCloseable {
    /** How stale a running item's node states may be for a caller polling it. */
    static final Duration DELAY = Duration.ofMillis(250);
    private static final Logger LOG = LoggerFactory.getLogger(NodeStateWriter.class);
    private final EngineContext context;
    private final ObjectMapper mapper;
    private final Set<NodeStateRecorder> running = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("flowrun-node-states"));

    NodeStateWriter(EngineContext context, ObjectMapper mapper) {
        this.context = context;
        this.mapper = mapper;
    }

    void start() {
        long period = DELAY.toMillis() / 2;
        ticks.scheduleWithFixedDelay(this::writeDue, period, period, TimeUnit.MILLISECONDS);
    }

    /** A recorder for an item that starts running, written by this writer until {@link #closed}. */
    NodeStateRecorder open(long itemId) {
        var recorder = new NodeStateRecorder(mapper, context.clock(), context.dialect(), itemId);
        running.add(recorder);
        return recorder;
    }

    /** The item has ended: its last states go with its outcome, no longer from here. */
    void closed(NodeStateRecorder recorder) {
        running.remove(recorder);
    }

    private void writeDue() {
        DatabaseAvailability database = context.database();
        if (!database.up()) {
            return;
        }
        long now = System.nanoTime();
        for (NodeStateRecorder recorder : running) {
            try {
                recorder.writeIfDue(context.jdbi(), now, DELAY.toNanos());
            } catch (RuntimeException e) {
                // Not lost: the states stay unwritten and go with the item's outcome. An outage is logged once.
                if (!database.report(e)) {
                    LOG.warn("node states could not be written yet: {}", e.toString());
                }
            }
        }
    }

    @Override
    public void close() {
        ticks.shutdownNow();
    }
}
