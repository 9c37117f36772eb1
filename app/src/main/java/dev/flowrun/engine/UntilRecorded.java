package dev.flowrun.engine;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.db.DatabaseFaults;
import dev.flowrun.lifecycle.ClaimedItem;
import java.io.InterruptedIOException;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the transaction that records an item's end again and again while the database is away, so that work done is
 * never lost to an outage nor failed for it: until the database takes it, for as long as the item is still this
 * instance's (its claim is the instance's id; once the lease was lost the item runs again elsewhere, and the fenced
 * statements would count nothing anyway). A stop of the service ends the waiting: the item runs again after it.
 */
final class UntilRecorded {
    private static final Logger LOG = LoggerFactory.getLogger(UntilRecorded.class);
    private static final long FIRST_WAIT_MILLIS = 250;
    private static final long LONGEST_WAIT_MILLIS = 5_000;
    /** Tries of a transaction that lost over a lock, before its failure is the item's (see DatabaseFaults). */
    private static final int CONTENTION_TRIES = 4;
    private final Jdbi jdbi;
    private final DatabaseAvailability database;
    private final Supplier<String> instance;
    private final BooleanSupplier stopping;

    UntilRecorded(Jdbi jdbi, DatabaseAvailability database, Supplier<String> instance, BooleanSupplier stopping) {
        this.jdbi = jdbi;
        this.database = database;
        this.instance = instance;
        this.stopping = stopping;
    }

    /**
     * The transaction's answer once committed; empty when the item stopped being this instance's while waiting.
     * Failures other than the database being away are thrown as they come.
     */
    <T> Optional<T> run(ClaimedItem task, HandleCallback<T, RuntimeException> transaction) throws InterruptedIOException {
        long wait = FIRST_WAIT_MILLIS;
        int contended = 0;
        while (true) {
            try {
                return Optional.of(jdbi.inTransaction(transaction));
            } catch (RuntimeException e) {
                if (DatabaseFaults.contention(e) && ++contended < CONTENTION_TRIES) {
                    // Not an outage: the database answered. Another try after the others' transactions ended.
                    LOG.warn("run {} item {}: recording its end lost over a lock ({}); try {} of {}", task.runId(),
                            task.itemId(), DatabaseFaults.reason(e), contended + 1, CONTENTION_TRIES);
                    pause(FIRST_WAIT_MILLIS * contended);
                    continue;
                }
                if (!database.report(e)) {
                    throw e;
                }
            }
            if (stopping.getAsBoolean()) {
                throw new InterruptedIOException("stopped while the database was away");
            }
            if (!task.claim().equals(currentInstance())) {
                LOG.info("run {} item {}: this instance's lease ran out while the database was away; the item runs"
                        + " again wherever it is claimed next", task.runId(), task.itemId());
                return Optional.empty();
            }
            try {
                // Woken as soon as the database answers; the short sleep after spreads the workers' retries out.
                database.awaitBack(wait);
                Thread.sleep(FIRST_WAIT_MILLIS);
            } catch (InterruptedException e) {
                throw new InterruptedIOException("interrupted while the database was away");
            }
            wait = Math.min(wait * 2, LONGEST_WAIT_MILLIS);
        }
    }

    private static void pause(long millis) throws InterruptedIOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new InterruptedIOException("interrupted while waiting to record an item's end");
        }
    }

    private String currentInstance() {
        try {
            return instance.get();
        } catch (IllegalStateException e) {
            return null;
        }
    }
}
