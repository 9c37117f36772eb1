package dev.flowrun.run;

import dev.flowrun.lifecycle.RunRow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.db.Database;
import dev.flowrun.support.TestDatabase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;

/** Run numbers and createdAt stamps, which the run list's order and pages rest on. */
class RunNumbersTest {
    static final Instant T = Instant.parse("2026-11-22T10:00:00.000Z");

    static long insert(Handle handle, String sql) {
        return handle.createUpdate(sql).executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    static long newRun(Handle handle, long workspaceId, long workflowId, Instant now) {
        long runId = insert(handle, """
                INSERT INTO runs (workspace_id, workflow_id, name, status, run_trigger, graph, zip_layout, total_items,
                                  completed_items, failed_items, output_count, created_at, updated_at)
                VALUES (%d, %d, 'r', 'queued', 'api', '{}', 'preserve', 0, 0, 0, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"""
                .formatted(workspaceId, workflowId));
        handle.attach(RunNumbers.class).number(workspaceId, runId, now);
        return runId;
    }

    @Test
    void createdAtKeepsRisingAndNumbersStayDenseWhenTheClockStandsStillOrStepsBack() {
        try (TestDatabase db = TestDatabase.fresh("numbers"); Database database = Database.open(db.url(), 2)) {
            Jdbi jdbi = database.jdbi();
            long[] ids = jdbi.inTransaction(handle -> {
                long a = insert(handle, "INSERT INTO workspaces (name, created_at) VALUES ('a', CURRENT_TIMESTAMP)");
                long b = insert(handle, "INSERT INTO workspaces (name, created_at) VALUES ('b', CURRENT_TIMESTAMP)");
                long workflow = insert(handle, """
                        INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order,
                                               created_by_user_id, graph, created_at, updated_at)
                        VALUES (%d, 'w', '', FALSE, FALSE, 0, 0, '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"""
                        .formatted(a));
                return new long[] {a, b, workflow};
            });
            List<Instant> nows = List.of(T, T, T.minusSeconds(5), T.plusSeconds(1), T.plusSeconds(1));
            List<Long> runs = new ArrayList<>();
            for (Instant now : nows) {
                runs.add(jdbi.inTransaction(handle -> newRun(handle, ids[0], ids[2], now)));
            }
            long otherWorkspaceRun = jdbi.inTransaction(handle -> newRun(handle, ids[1], ids[2], T.minusSeconds(60)));

            List<RunRow> numbered = jdbi.withHandle(handle -> handle.createQuery(
                    "SELECT " + RunDao.RUN_COLUMNS + " FROM runs WHERE workspace_id = :w ORDER BY workspace_seq")
                    .bind("w", ids[0]).map(new RunRow.Mapper()).list());
            assertThat(numbered).extracting(RunRow::id).containsExactlyElementsOf(runs);
            assertThat(numbered).extracting(RunRow::createdAt).containsExactly(T, T.plusMillis(1), T.plusMillis(2),
                    T.plusSeconds(1), T.plusSeconds(1).plusMillis(1));
            assertThat(numbered).allSatisfy(run -> assertThat(run.updatedAt()).isEqualTo(run.createdAt()));
            assertThat(seqs(jdbi, ids[0])).containsExactly(1L, 2L, 3L, 4L, 5L);
            assertThat(seqs(jdbi, ids[1])).containsExactly(1L);
            long runCount = jdbi.withHandle(handle -> handle.attach(RunNumbers.class).runCount(ids[0]));
            assertThat(runCount).isEqualTo(5);
            RunRow other = jdbi.withHandle(handle -> handle.attach(RunDao.class).findRun(otherWorkspaceRun)).orElseThrow();
            assertThat(other.createdAt()).isEqualTo(T.minusSeconds(60));
        }
    }

    static List<Long> seqs(Jdbi jdbi, long workspaceId) {
        return jdbi.withHandle(handle -> handle.createQuery(
                "SELECT workspace_seq FROM runs WHERE workspace_id = :w ORDER BY workspace_seq")
                .bind("w", workspaceId).mapTo(Long.class).list());
    }
}
