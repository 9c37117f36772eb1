package dev.flowrun.lifecycle;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;

/**
 * Hands out the next queued item in turn, from the database, to whichever worker of whichever instance asks: the
 * first row of {@code run_items_queue} ({@code turn}, then run, then id) is locked, marked running under this
 * instance's id, its run marked started and any node states of an earlier attempt forgotten, in one transaction. On
 * PostgreSQL the row is taken with {@code FOR UPDATE SKIP LOCKED}, so workers everywhere claim different items
 * without waiting for each other. H2 applies {@code LIMIT} before {@code SKIP LOCKED} (a second claimer gets nothing
 * while the first row is locked), and only this process uses an H2 database, so there the workers take turns on a
 * lock instead.
 */
public final class ItemClaims {
    /**
     * One range of the index {@code run_items_claim} (status, held, priority, turn, run_id, id): queued items of runs
     * not paused, higher priorities first, then in turn.
     */
    private static final String NEXT = """
            SELECT id, run_id, inputs FROM run_items WHERE status = :item_queued AND held = FALSE
            ORDER BY priority, turn, run_id, id
            LIMIT 1""";
    private final Jdbi jdbi;
    private final Supplier<String> instance;
    private final boolean shared;
    private final ReentrantLock localTurns = new ReentrantLock();

    /** {@code shared}: other instances claim from the same database (PostgreSQL). */
    public ItemClaims(Jdbi jdbi, Supplier<String> instance, boolean shared) {
        this.jdbi = jdbi;
        this.instance = instance;
        this.shared = shared;
    }

    private record Queued(long itemId, long runId, String inputs) {
    }

    /** The next item in turn, now running under this instance; empty when none is queued. */
    public Optional<ClaimedItem> next(Instant now) {
        if (shared) {
            return firstClaimed(now, NEXT + " FOR UPDATE SKIP LOCKED");
        }
        localTurns.lock();
        try {
            return firstClaimed(now, NEXT);
        } finally {
            localTurns.unlock();
        }
    }

    /**
     * Without a row lock (H2), a cancel or pause can commit between the read and the claim; with one, an item taken
     * over while its run was being paused is held at its claim: either way, look again.
     */
    private Optional<ClaimedItem> firstClaimed(Instant now, String next) {
        for (int attempt = 0; attempt < 100; attempt++) {
            Optional<ClaimedItem> claimed = claim(now, next);
            if (claimed != null) {
                return claimed;
            }
        }
        return Optional.empty();
    }

    /** Null when the item read was no longer queued at its claim. */
    private Optional<ClaimedItem> claim(Instant now, String next) {
        String claim = instance.get();
        return jdbi.inTransaction(handle -> {
            Optional<Queued> found = StatusBinds.bind(handle.createQuery(next))
                    .map((rs, ctx) -> new Queued(rs.getLong("id"), rs.getLong("run_id"), rs.getString("inputs")))
                    .findOne();
            if (found.isEmpty()) {
                return Optional.<ClaimedItem>empty();
            }
            Queued queued = found.get();
            if (!ItemTransitions.claim(handle, queued.itemId(), claim, now)) {
                return null;
            }
            if (RunTransitions.start(handle, queued.runId(), now)) {
                RunEvents.runChanged(handle, queued.runId());
            }
            ItemTransitions.forgetNodeStates(handle, queued.itemId());
            return Optional.of(new ClaimedItem(queued.runId(), queued.itemId(), claim, queued.inputs()));
        });
    }
}
