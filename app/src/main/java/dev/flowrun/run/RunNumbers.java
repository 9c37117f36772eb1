package dev.flowrun.run;

import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Numbers a workspace's runs 1, 2, 3, … and stamps their createdAt, both under the workspace row's lock, so the
 * number order is exactly the list's createdAt-then-id order and page N of the list is a range of numbers
 * ({@link RunQueries}). Called as the last step of the create transaction: the lock is held until its commit,
 * not while the run's items are inserted. Each createdAt is later than the one before in the workspace (by a
 * millisecond when the clock has not moved or stepped back), so ids, taken before the lock, never decide the order.
 */
public interface RunNumbers {

    /** Locks the workspace row until commit and counts the run in; the count is the new run's number. */
    @SqlUpdate("UPDATE workspaces SET run_count = run_count + 1 WHERE id = :workspaceId")
    int countRun(@Bind("workspaceId") long workspaceId);

    @SqlQuery("SELECT run_count FROM workspaces WHERE id = :workspaceId")
    long runCount(@Bind("workspaceId") long workspaceId);

    @SqlQuery("SELECT last_run_at FROM workspaces WHERE id = :workspaceId")
    Optional<Instant> lastRunAt(@Bind("workspaceId") long workspaceId);

    @SqlUpdate("UPDATE workspaces SET last_run_at = :at WHERE id = :workspaceId")
    int setLastRunAt(@Bind("workspaceId") long workspaceId, @Bind("at") Instant at);

    @SqlUpdate("UPDATE runs SET workspace_seq = :seq, created_at = :at, updated_at = :at WHERE id = :runId")
    int stamp(@Bind("runId") long runId, @Bind("seq") long seq, @Bind("at") Instant at);

    /** Gives the run its number and its createdAt (never before {@code now}'s predecessor); returns the latter. */
    default Instant number(long workspaceId, long runId, Instant now) {
        if (countRun(workspaceId) != 1) {
            throw new IllegalStateException("workspace " + workspaceId + " does not exist");
        }
        Instant at = lastRunAt(workspaceId).map(last -> last.plusMillis(1)).filter(next -> next.isAfter(now))
                .orElse(now);
        setLastRunAt(workspaceId, at);
        stamp(runId, runCount(workspaceId), at);
        return at;
    }
}
