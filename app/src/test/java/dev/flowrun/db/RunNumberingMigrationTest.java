package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;

/** V4 numbers the runs of a database made before it, in the order the run list has always shown them. */
class RunNumberingMigrationTest {

    static String script(int version) {
        try (InputStream in = RunNumberingMigrationTest.class.getClassLoader()
                .getResourceAsStream("db/migration/V" + version + ".sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void existingRunsAreNumberedPerWorkspaceByCreatedAtThenId() {
        try (TestDatabase db = TestDatabase.fresh("v4")) {
            numbersRunsMadeBeforeV4(db.url());
        }
    }

    private static void numbersRunsMadeBeforeV4(String url) {
        Jdbi jdbi = Jdbi.create(url);
        jdbi.useHandle(handle -> {
            handle.execute("""
                    CREATE TABLE schema_version (version INT PRIMARY KEY, applied_at TIMESTAMP WITH TIME ZONE NOT NULL)""");
            for (int version = 1; version <= 3; version++) {
                Migrations.statements(script(version)).forEach(handle::execute);
                handle.execute("INSERT INTO schema_version VALUES (" + version + ", CURRENT_TIMESTAMP)");
            }
            handle.execute("""
                    INSERT INTO workspaces (id, name, created_at)
                    VALUES (1, 'a', CURRENT_TIMESTAMP), (2, 'b', CURRENT_TIMESTAMP), (3, 'empty', CURRENT_TIMESTAMP)""");
            handle.execute("""
                    INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order,
                                           created_by_user_id, graph, created_at, updated_at)
                    VALUES (1, 'w', '', FALSE, FALSE, 0, 0, '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)""");
            // Ids out of createdAt order, and a tie on createdAt broken by id.
            insertRun(handle, 10, 1, "2026-01-01 10:00:03Z");
            insertRun(handle, 11, 1, "2026-01-01 10:00:01Z");
            insertRun(handle, 12, 2, "2026-01-01 09:00:00Z");
            insertRun(handle, 13, 1, "2026-01-01 10:00:02Z");
            insertRun(handle, 14, 1, "2026-01-01 10:00:02Z");
        });

        new Migrations(jdbi, Dialect.of(url)).apply();

        assertThat(numbered(jdbi, 1)).containsExactly(11L, 13L, 14L, 10L);
        assertThat(numbered(jdbi, 2)).containsExactly(12L);
        List<Long> counts = jdbi.withHandle(handle -> handle.createQuery("SELECT run_count FROM workspaces ORDER BY id")
                .mapTo(Long.class).list());
        assertThat(counts).containsExactly(4L, 1L, 0L);
        OffsetDateTime lastRunAt = jdbi.withHandle(handle -> handle.createQuery(
                "SELECT last_run_at FROM workspaces WHERE id = 1").mapTo(OffsetDateTime.class).one());
        assertThat(lastRunAt.toInstant()).isEqualTo(Instant.parse("2026-01-01T10:00:03Z"));
    }

    static void insertRun(Handle handle, long id, long workspaceId, String createdAt) {
        handle.createUpdate("""
                INSERT INTO runs (id, workspace_id, workflow_id, name, status, run_trigger, graph, zip_layout,
                                  total_items, completed_items, failed_items, output_count, created_at, updated_at)
                VALUES (:id, :workspaceId, 1, 'r', 'completed', 'api', '{}', 'preserve', 0, 0, 0, 0,
                        CAST(:createdAt AS TIMESTAMP WITH TIME ZONE), CURRENT_TIMESTAMP)""")
                .bind("id", id).bind("workspaceId", workspaceId).bind("createdAt", createdAt).execute();
    }

    /** The workspace's run ids in number order, checking the numbers are 1, 2, 3, … */
    static List<Long> numbered(Jdbi jdbi, long workspaceId) {
        List<Long> seqs = jdbi.withHandle(handle -> handle.createQuery(
                "SELECT workspace_seq FROM runs WHERE workspace_id = :w ORDER BY workspace_seq")
                .bind("w", workspaceId).mapTo(Long.class).list());
        for (int i = 0; i < seqs.size(); i++) {
            assertThat(seqs.get(i)).isEqualTo(i + 1L);
        }
        return jdbi.withHandle(handle -> handle.createQuery(
                "SELECT id FROM runs WHERE workspace_id = :w ORDER BY workspace_seq")
                .bind("w", workspaceId).mapTo(Long.class).list());
    }
}
