package dev.flowrun.lifecycle;

import dev.flowrun.db.Columns;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.sqlobject.SqlObject;
import org.jdbi.v3.sqlobject.config.RegisterColumnMapperFactory;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The webhook outbox: a run's one {@code run.finished}, queued pending in the transaction that first made the run
 * terminal, owned by the instance that sends it; each attempt recorded with the delivery's new status, once
 * ({@code docs/lifecycle.md}).
 */
@RegisterColumnMapperFactory(StatusColumns.class)
@RegisterConstructorMapper(Delivery.class)
@RegisterConstructorMapper(Attempt.class)
public interface DeliveryTransitions extends SqlObject {
    String DELIVERY_COLUMNS =
            "run_id, url, payload, status, attempts, next_attempt_at, created_at, updated_at, claimed_by";

    /** A delivery a takeover moved: its run, and when its next attempt is due. */
    record Owed(long runId, Instant due) {
    }

    /** Owed by the instance whose transaction made the run terminal ({@code claim}), which sends it. */
    @BindStatuses
    @SqlUpdate("""
            INSERT INTO webhook_deliveries (run_id, url, payload, status, attempts, next_attempt_at, created_at,
                                            updated_at, claimed_by)
            VALUES (:runId, :url, :payload, :delivery_pending, 0, :now, :now, :now, :claim)""")
    void queue(@Bind("runId") long runId, @Bind("url") String url, @Bind("payload") String payload,
               @Bind("now") Instant now, @Bind("claim") String claim);

    @SqlQuery("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE run_id = :runId")
    Optional<Delivery> find(@Bind("runId") long runId);

    /**
     * Records an attempt and the delivery's new status ({@code nextAttemptAt} when still pending); false when
     * someone else already recorded this attempt, and then nothing is written.
     */
    default boolean record(Attempt attempt, DeliveryStatus status, Instant nextAttemptAt, Instant now) {
        if (recordOutcome(attempt.runId(), status.json(), attempt.attempt(), nextAttemptAt, now) == 0) {
            return false;
        }
        insertAttempt(attempt);
        return true;
    }

    @BindStatuses
    @SqlUpdate("""
            UPDATE webhook_deliveries
            SET status = :status, attempts = :attempts, next_attempt_at = :nextAttemptAt, updated_at = :now
            WHERE run_id = :runId AND status = :delivery_pending AND attempts = :attempts - 1""")
    int recordOutcome(@Bind("runId") long runId, @Bind("status") String status, @Bind("attempts") int attempts,
                      @Bind("nextAttemptAt") Instant nextAttemptAt, @Bind("now") Instant now);

    @SqlUpdate("""
            INSERT INTO webhook_attempts (run_id, attempt, at, status_code, error, latency_ms)
            VALUES (:runId, :attempt, :at, :statusCode, :error, :latencyMs)""")
    void insertAttempt(@BindMethods Attempt attempt);

    /**
     * The attempts a delivery row counts. An attempt and its delivery's new state commit together, but two
     * statements may read either side of that commit; bounding by the count read first keeps them in step.
     */
    @SqlQuery("""
            SELECT run_id, attempt, at, status_code, error, latency_ms
            FROM webhook_attempts WHERE run_id = :runId AND attempt <= :upTo ORDER BY attempt""")
    List<Attempt> attempts(@Bind("runId") long runId, @Bind("upTo") int upTo);

    /** Pending deliveries a gone instance still owed, now the taker's; returns them, to be scheduled there. */
    default List<Owed> takeOver(Abandoned abandoned) {
        Handle handle = getHandle();
        List<Owed> owed = abandoned.bind(StatusBinds.bind(handle.createQuery("""
                        SELECT run_id, next_attempt_at FROM webhook_deliveries
                        WHERE status = :delivery_pending AND\s""" + abandoned.where("claimed_by"))))
                .map((rs, ctx) -> new Owed(rs.getLong("run_id"), Columns.instant(rs, "next_attempt_at")))
                .list();
        if (!owed.isEmpty()) {
            abandoned.bind(StatusBinds.bind(handle.createUpdate("UPDATE webhook_deliveries SET claimed_by = :taker"
                            + " WHERE status = :delivery_pending AND " + abandoned.where("claimed_by"))))
                    .bind("taker", abandoned.taker()).execute();
        }
        return owed;
    }
}
