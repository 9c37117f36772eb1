package dev.flowrun.run;

import dev.flowrun.lifecycle.RunRow;
import dev.flowrun.error.Conflict;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.NotFound;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

/**
 * Create with an optional {@code Idempotency-Key}, as Stripe has it: within 24 hours the same key
 * with the same request (same workflow, same workspace, same {@link RequestDigest}) answers the run it first made
 * and makes nothing; with another request, 409. Only a create that succeeded keeps its key: a refused request can
 * be corrected and sent again with the same key. Two requests racing with one key make one run: the key is taken by
 * a primary key in the run's own transaction, so the second waits for the first and fails, then answers as a repeat.
 */
public final class IdempotentCreate {
    public static final int MAX_KEY = 255;
    static final Duration KEPT = Duration.ofHours(24);
    /** A loser of the race tries again this often; each try waits at most for the database's lock timeout. */
    private static final int ATTEMPTS = 3;
    private final RunContext context;
    private final RunService runs;

    public IdempotentCreate(RunContext context, RunService runs) {
        this.context = context;
        this.runs = runs;
    }

    /** The run created, or the one a repeat of the request made; {@code replayed} says which. */
    public record Answer(RunView run, boolean replayed) {
    }

    /** The header's value, or null without one; too long or empty is a 400 naming the header. */
    public static String key(String header) {
        if (header == null) {
            return null;
        }
        if (header.isEmpty() || header.length() > MAX_KEY) {
            throw new InvalidRequest("Idempotency-Key", "Idempotency-Key must have 1 to " + MAX_KEY
                    + " characters; this one has " + header.length());
        }
        return header;
    }

    /** Creates the run, or answers the one the key already made; closes {@code body} either way. */
    public Answer create(long workspaceId, long workflowId, String key, CreateBody body) {
        try (body) {
            if (key == null) {
                return new Answer(runs.create(workspaceId, runs.check(workspaceId, workflowId, body)), false);
            }
            String hash = body.digest();
            Optional<Answer> repeat = repeat(workspaceId, workflowId, key, hash);
            if (repeat.isPresent()) {
                return repeat.get();
            }
            RunService.CheckedRun checked = runs.check(workspaceId, workflowId, body);
            for (int attempt = 1; ; attempt++) {
                Instant since = context.clock().instant().minus(KEPT);
                try {
                    return new Answer(runs.create(workspaceId, checked,
                            new IdempotencyClaim(key, workflowId, hash, since)), false);
                } catch (JdbiException lost) {
                    // The key's primary key refused this run (PostgreSQL: a unique violation; H2: a lock timeout
                    // once the winner commits): the winner's row says what to answer.
                    repeat = repeat(workspaceId, workflowId, key, hash);
                    if (repeat.isPresent()) {
                        return repeat.get();
                    }
                    if (attempt == ATTEMPTS) {
                        throw lost;
                    }
                }
            }
        }
    }

    private Optional<Answer> repeat(long workspaceId, long workflowId, String key, String hash) {
        Instant since = context.clock().instant().minus(KEPT);
        Jdbi jdbi = context.jdbi();
        return jdbi.withExtension(IdempotencyDao.class, dao -> dao.find(workspaceId, key, since)).map(stored -> {
            if (stored.workflowId() != workflowId || !stored.requestHash().equals(hash)) {
                throw new Conflict("Idempotency-Key '" + shown(key) + "' was used in the last 24 hours with another"
                        + " request (run " + stored.runId() + " of workflow " + stored.workflowId()
                        + "); send a new key for a new request");
            }
            RunRow run = jdbi.withExtension(RunDao.class, dao -> dao.findRun(workspaceId, stored.runId()))
                    .orElseThrow(() -> new NotFound("run " + stored.runId() + " not found"));
            return new Answer(context.views().run(run), true);
        });
    }

    private static String shown(String key) {
        return key.length() <= 64 ? key : key.substring(0, 64) + "…";
    }
}
