package dev.flowrun.engine;

import dev.flowrun.run.ItemRow;
import dev.flowrun.workflow.GraphNode;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * Hands out the next queued item in turn, from the database, to whichever worker of whichever instance asks: the
 * first row of {@code run_items_queue} ({@code turn}, then run, then id) is locked, marked running under this
 * instance's id, its run marked started and its node states reset, in one transaction. On PostgreSQL the row is taken
 * with {@code FOR UPDATE SKIP LOCKED}, so workers everywhere claim different items without waiting for each other.
 * H2 applies {@code LIMIT} before {@code SKIP LOCKED} (a second claimer gets nothing while the first row is locked),
 * and only this process uses an H2 database, so there the workers take turns on a lock instead.
 */
final class ItemClaims {
    private static final String NEXT = """
            SELECT id, run_id FROM run_items WHERE status = 'queued'
            ORDER BY turn, run_id, id
            LIMIT 1""";
    private final Jdbi jdbi;
    private final RunGraphs graphs;
    private final Supplier<String> instance;
    private final boolean shared;
    private final ReentrantLock localTurns = new ReentrantLock();

    /** {@code shared}: other instances claim from the same database (PostgreSQL). */
    ItemClaims(Jdbi jdbi, RunGraphs graphs, Supplier<String> instance, boolean shared) {
        this.jdbi = jdbi;
        this.graphs = graphs;
        this.instance = instance;
        this.shared = shared;
    }

    record Claimed(ItemTask task, ItemRow item) {
    }

    /** The next item in turn, now running under this instance; empty when none is queued. */
    Optional<Claimed> next(Instant now) {
        if (shared) {
            return claim(now, NEXT + " FOR UPDATE SKIP LOCKED");
        }
        localTurns.lock();
        try {
            // Without a row lock, a cancel can commit between the read and the claim: then look again.
            for (int attempt = 0; attempt < 100; attempt++) {
                Optional<Claimed> claimed = claim(now, NEXT);
                if (claimed != null) {
                    return claimed;
                }
            }
            return Optional.empty();
        } finally {
            localTurns.unlock();
        }
    }

    /** Null when the item read was no longer queued at its claim. */
    private Optional<Claimed> claim(Instant now, String next) {
        String claim = instance.get();
        return jdbi.inTransaction(handle -> {
            Optional<long[]> found = handle.createQuery(next)
                    .map((rs, ctx) -> new long[] {rs.getLong("id"), rs.getLong("run_id")}).findOne();
            if (found.isEmpty()) {
                return Optional.<Claimed>empty();
            }
            long itemId = found.get()[0];
            long runId = found.get()[1];
            if (!ItemStatements.claimItem(handle, itemId, claim, now)) {
                return null;
            }
            ItemStatements.startRun(handle, runId, now);
            ItemStatements.resetNodeStates(handle, itemId,
                    graphs.of(runId).executionOrder().stream().map(GraphNode::id).toList());
            ItemRow item = ItemStatements.findItem(handle, itemId).orElseThrow();
            return Optional.of(new Claimed(new ItemTask(runId, itemId, claim), item));
        });
    }

    /** Items waiting for a worker on any instance (flowrun_queue_items). */
    static int queued(Handle handle) {
        return handle.createQuery("SELECT COUNT(*) FROM run_items WHERE status = 'queued'").mapTo(Integer.class).one();
    }
}
