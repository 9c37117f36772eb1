package dev.flowrun.lifecycle;

import dev.flowrun.db.Database;
import dev.flowrun.support.TestDatabase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * A migrated database (H2, or PostgreSQL in the postgresql execution) with one workspace and workflow, for tests
 * of the transitions themselves, without the app around them.
 */
final class LifecycleDatabase implements AutoCloseable {
    static final Instant T = Instant.parse("2026-11-22T10:00:00.000Z");
    private final TestDatabase db;
    private final Database database;
    final Jdbi jdbi;
    final long workspaceId;
    final long workflowId;

    /** Every run the transitions under test made terminal, in order; a run twice here is a second event. */
    final List<Long> finished = new ArrayList<>();
    /** Every run-signal told in a transaction, in order, and those told again once their transaction committed. */
    final List<RunSignal> during = new ArrayList<>();
    final List<RunSignal> after = new ArrayList<>();
    /** The run-signal as the app registers it for live events, and a listener noting what it hears. */
    final RunSignals signals = RunSignals.of(RunEvents.LISTENER, new RunListener() {
        @Override
        public void during(Handle handle, RunSignal signal) {
            during.add(signal);
            if (signal.change().ended()) {
                finished.add(signal.runId());
            }
        }

        @Override
        public void after(RunSignal signal) {
            after.add(signal);
        }
    });

    LifecycleDatabase(String name) {
        db = TestDatabase.fresh(name);
        database = Database.open(db.url(), 4);
        jdbi = database.jdbi();
        workspaceId = jdbi.withHandle(handle -> insert(handle,
                "INSERT INTO workspaces (name, created_at) VALUES ('w', CURRENT_TIMESTAMP)"));
        workflowId = jdbi.withHandle(handle -> insert(handle, """
                INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order,
                                       created_by_user_id, graph, created_at, updated_at)
                VALUES (%d, 'w', '', FALSE, FALSE, 0, 0, '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"""
                .formatted(workspaceId)));
    }

    Database database() {
        return database;
    }

    /** A run of {@code items} queued items, created as the service creates one. */
    long run(int items) {
        return run(items, Priority.NORMAL);
    }

    long run(int items, Priority priority) {
        return jdbi.inTransaction(handle -> {
            long runId = RunTransitions.create(handle, newRun(items, false, priority), T);
            try (NewItems rows = new NewItems(handle, runId, priority)) {
                for (int i = 0; i < items; i++) {
                    rows.add(i, "{}", "item" + i);
                }
            }
            return runId;
        });
    }

    /** A zip run whose archive is to be read under {@code claim}. */
    long zipRun(String claim) {
        return jdbi.inTransaction(handle -> {
            long runId = RunTransitions.create(handle, newRun(0, true, Priority.NORMAL), T);
            handle.attach(IngestTransitions.class).claimIngestion(runId, claim);
            return runId;
        });
    }

    private RunTransitions.NewRun newRun(int items, boolean zip, Priority priority) {
        return new RunTransitions.NewRun(workspaceId, workflowId, "r", "{}", zip ? "https://example.com/a.zip" : null,
                "preserve", null, items, zip, "api", priority);
    }

    RunStatus runStatus(long runId) {
        return RunStatus.stored(text("SELECT status FROM runs WHERE id = " + runId));
    }

    ItemStatus itemStatus(long itemId) {
        return ItemStatus.stored(text("SELECT status FROM run_items WHERE id = " + itemId));
    }

    long number(String sql) {
        return jdbi.withHandle(handle -> handle.createQuery(sql).mapTo(Long.class).one());
    }

    String text(String sql) {
        return jdbi.withHandle(handle -> handle.createQuery(sql).mapTo(String.class).one());
    }

    List<Long> items(long runId) {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT id FROM run_items WHERE run_id = :runId ORDER BY id")
                .bind("runId", runId).mapTo(Long.class).list());
    }

    private static long insert(Handle handle, String sql) {
        return handle.createUpdate(sql).executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    @Override
    public void close() {
        database.close();
        db.close();
    }
}
