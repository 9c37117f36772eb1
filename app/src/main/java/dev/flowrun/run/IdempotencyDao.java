package dev.flowrun.run;

import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code Idempotency-Key}s of creates (V6.sql): which run each key made, from which request. */
@RegisterConstructorMapper(IdempotencyDao.Stored.class)
public interface IdempotencyDao {

    /** A key in use: the workflow and request it was first sent with, and the run that made. */
    record Stored(long workflowId, String requestHash, long runId) {
    }

    @SqlQuery("""
            SELECT workflow_id, request_hash, run_id FROM idempotency_keys
            WHERE workspace_id = :workspaceId AND idem_key = :key AND created_at > :since""")
    Optional<Stored> find(@Bind("workspaceId") long workspaceId, @Bind("key") String key, @Bind("since") Instant since);

    @SqlUpdate("""
            DELETE FROM idempotency_keys
            WHERE workspace_id = :workspaceId AND idem_key = :key AND created_at <= :since""")
    int forgetExpired(@Bind("workspaceId") long workspaceId, @Bind("key") String key, @Bind("since") Instant since);

    /** Fails on the primary key if another transaction holds the key, once that one commits. */
    @SqlUpdate("""
            INSERT INTO idempotency_keys (workspace_id, idem_key, workflow_id, request_hash, run_id, created_at)
            VALUES (:workspaceId, :key, :workflowId, :hash, :runId, :now)""")
    void insert(@Bind("workspaceId") long workspaceId, @Bind("key") String key, @Bind("workflowId") long workflowId,
                @Bind("hash") String hash, @Bind("runId") long runId, @Bind("now") Instant now);

    /** Keys past their 24 hours, at most {@code limit} of them (the sweeper's batches). */
    @SqlUpdate("""
            DELETE FROM idempotency_keys WHERE (workspace_id, idem_key) IN (
                SELECT workspace_id, idem_key FROM idempotency_keys WHERE created_at <= :since LIMIT :limit)""")
    int sweep(@Bind("since") Instant since, @Bind("limit") int limit);
}
