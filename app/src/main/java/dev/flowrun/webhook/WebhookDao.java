package dev.flowrun.webhook;

import dev.flowrun.lifecycle.DeliveryStatus;
import dev.flowrun.lifecycle.StatusColumns;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterColumnMapperFactory;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

@RegisterColumnMapperFactory(StatusColumns.class)
@RegisterConstructorMapper(Delivery.class)
@RegisterConstructorMapper(Attempt.class)
public interface WebhookDao {
    String DELIVERY_COLUMNS =
            "run_id, url, payload, status, attempts, next_attempt_at, created_at, updated_at, claimed_by";

    /** Owed by the instance whose transaction made the run terminal ({@code claim}), which sends it. */
    @SqlUpdate("""
            INSERT INTO webhook_deliveries (run_id, url, payload, status, attempts, next_attempt_at, created_at,
                                            updated_at, claimed_by)
            VALUES (:runId, :url, :payload, 'pending', 0, :now, :now, :now, :claim)""")
    void insert(@Bind("runId") long runId, @Bind("url") String url, @Bind("payload") String payload,
                @Bind("now") Instant now, @Bind("claim") String claim);

    @SqlQuery("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries WHERE run_id = :runId")
    Optional<Delivery> find(@Bind("runId") long runId);


    @SqlUpdate("""
            INSERT INTO webhook_attempts (run_id, attempt, at, status_code, error, latency_ms)
            VALUES (:runId, :attempt, :at, :statusCode, :error, :latencyMs)""")
    void insertAttempt(@BindMethods Attempt attempt);

    /** Records an attempt's outcome; 0 rows means someone else already recorded this attempt. */
    @SqlUpdate("""
            UPDATE webhook_deliveries
            SET status = :status, attempts = :attempts, next_attempt_at = :nextAttemptAt, updated_at = :now
            WHERE run_id = :runId AND status = 'pending' AND attempts = :attempts - 1""")
    int recordOutcome(@Bind("runId") long runId, @Bind("status") String status, @Bind("attempts") int attempts,
                      @Bind("nextAttemptAt") Instant nextAttemptAt, @Bind("now") Instant now);

    /**
     * The attempts a delivery row counts. An attempt and its delivery's new state commit together, but two
     * statements may read either side of that commit; bounding by the count read first keeps them in step.
     */
    @SqlQuery("""
            SELECT run_id, attempt, at, status_code, error, latency_ms
            FROM webhook_attempts WHERE run_id = :runId AND attempt <= :upTo ORDER BY attempt""")
    List<Attempt> attempts(@Bind("runId") long runId, @Bind("upTo") int upTo);
}
