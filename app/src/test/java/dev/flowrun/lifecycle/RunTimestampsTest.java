package dev.flowrun.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.db.Database;
import dev.flowrun.run.RunDao;
import dev.flowrun.support.TestDatabase;
import java.time.Instant;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A run's startedAt and finishedAt bracket its items' whatever order the writers commit in: each worker (and a
 * cancel) reads the clock before its transaction, so a later reading can commit first.
 */
class RunTimestampsTest {
    static final Instant T = Instant.parse("2026-11-22T10:00:00.000Z");
    TestDatabase db;
    Database database;
    Jdbi jdbi;
    long runId;

    @BeforeEach
    void runOfTwoQueuedItems() {
        db = TestDatabase.fresh("timestamps");
        database = Database.open(db.url(), 2);
        jdbi = database.jdbi();
        runId = jdbi.inTransaction(RunTimestampsTest::runOfTwoItems);
    }

    @AfterEach
    void close() {
        database.close();
        db.close();
    }

    @Test
    void theRunStartsWithItsEarliestItemAndFinishesWithItsLatest() {
        // Worker B read the clock at T+5 and commits its claim first; worker A read it at T+3.
        jdbi.useTransaction(handle -> RunTransitions.start(handle, runId, T.plusMillis(5)));
        jdbi.useTransaction(handle -> RunTransitions.start(handle, runId, T.plusMillis(3)));
        RunRow started = run(jdbi, runId);
        assertThat(started.status()).isEqualTo(RunStatus.RUNNING);
        assertThat(started.startedAt()).isEqualTo(T.plusMillis(3));

        // B finishes its item at T+10 and commits first; A, at T+8, finds every item counted and ends the run.
        jdbi.useTransaction(handle -> assertThat(RunTransitions.count(handle, runId, true, 1, false, T.plusMillis(10))).isTrue());
        boolean early = jdbi.inTransaction(handle -> RunTransitions.finishIfDone(handle, runId, T.plusMillis(10), RunSignals.of()));
        assertThat(early).as("one item is still running").isFalse();
        boolean finished = jdbi.inTransaction(handle -> RunTransitions.count(handle, runId, true, 1, false, T.plusMillis(8))
                && RunTransitions.finishIfDone(handle, runId, T.plusMillis(8), RunSignals.of()));
        assertThat(finished).isTrue();
        RunRow done = run(jdbi, runId);
        assertThat(done.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(done.finishedAt()).isEqualTo(T.plusMillis(10));
        assertThat(done.updatedAt()).isEqualTo(T.plusMillis(10));
        assertThat(done.startedAt()).isEqualTo(T.plusMillis(3));
    }

    @Test
    void aCancelledRunEndsNoEarlierThanAnItemItCounted() {
        jdbi.useTransaction(handle -> RunTransitions.start(handle, runId, T.plusMillis(1)));
        // An item finishes at T+10 and commits first; the cancel read the clock at T+8.
        jdbi.useTransaction(handle -> RunTransitions.count(handle, runId, true, 1, false, T.plusMillis(10)));
        long workspaceId = run(jdbi, runId).workspaceId();
        RunTransitions.Cancel cancel = jdbi.inTransaction(handle ->
                RunTransitions.cancel(handle, workspaceId, runId, T.plusMillis(8), RunSignals.of()));
        assertThat(cancel.cancelled()).isTrue();
        RunRow done = run(jdbi, runId);
        assertThat(done.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(done.finishedAt()).isEqualTo(T.plusMillis(10));
        assertThat(done.completedItems()).isEqualTo(1);
    }

    private static long runOfTwoItems(Handle handle) {
        long workspace = insert(handle, "INSERT INTO workspaces (name, created_at) VALUES ('w', CURRENT_TIMESTAMP)");
        long workflow = insert(handle, """
                INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order,
                                       created_by_user_id, graph, created_at, updated_at)
                VALUES (%d, 'w', '', FALSE, FALSE, 0, 0, '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)""".formatted(workspace));
        return handle.createUpdate("""
                        INSERT INTO runs (workspace_id, workflow_id, name, status, run_trigger, graph, zip_layout, total_items,
                                          completed_items, failed_items, output_count, created_at, updated_at)
                        VALUES (:workspace, :workflow, 'r', 'queued', 'api', '{}', 'preserve', 2, 0, 0, 0, :t, :t)""")
                .bind("workspace", workspace).bind("workflow", workflow).bind("t", T)
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    private static long insert(Handle handle, String sql) {
        return handle.createUpdate(sql).executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    private static RunRow run(Jdbi jdbi, long runId) {
        return jdbi.withExtension(RunDao.class, dao -> dao.findRun(runId)).orElseThrow();
    }
}
