package dev.flowrun.bench;

import dev.flowrun.Config;
import dev.flowrun.Json;
import dev.flowrun.auth.AuthService;
import dev.flowrun.db.Database;
import dev.flowrun.db.Dialect;
import dev.flowrun.workflow.Templates;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * Fills a database (H2 or PostgreSQL), before the service starts on it, through the service's own schema (opening
 * {@link Database} applies every migration): two completed probe runs, a 100,000-item one and a 25-item one, each
 * item with its output, then failed one-item runs (their download failed, so they have no output) up to the
 * store's size; {@link #grow} adds more to the same store. Bulk SQL
 * ({@code INSERT … SELECT … FROM GENERATE_SERIES(lo, hi) AS R(X)}, a row source H2 and PostgreSQL both accept) in
 * chunks, so a million runs take seconds, not an API call each.
 */
final class StoreSeeder {
    private static final int CHUNK = 100_000;
    private static final Instant BASE = Instant.parse("2026-01-01T00:00:00Z");
    /** Bulk runs keep a graph like the one they were run with; they are never executed again. */
    private static final String BULK_GRAPH = """
            {"nodes":[{"id":"node_1","type":"imageInput","position":{"x":0,"y":0},"data":{}},\
            {"id":"node_2","type":"output","position":{"x":250,"y":0},"data":{"format":"png"}}],\
            "edges":[{"id":"edge_1","source":"node_1","target":"node_2"}]}""";

    private static final String COMPLETED_ITEM = "'completed', NULL, NULL";
    private static final String FAILED_ITEM = "'failed', 'download_failed', 'the server answered 404 Not Found'";
    /** The probe run's file names: shot-000001.jpg and on (LPAD takes text on PostgreSQL). */
    private static final String SHOT = "'shot-' || LPAD(CAST(X AS VARCHAR), 6, '0')";
    private static final String PROBE_CHAIN = "[\"imageInput\",\"removeBackground\",\"output\"]";

    /** The ids the benchmark asks for afterwards. */
    record Probes(long smallRunId, long smallItemId, long bigRunId, int bigRunItems, long runs) {
    }

    private StoreSeeder() {
    }

    static Probes seed(String jdbcUrl, long runs, int bigRunItems) {
        try (Database database = Database.open(jdbcUrl, 2)) {
            new AuthService(database.jdbi(), new Templates(Json.mapper()), Clock.systemUTC()).bootstrap(ServerProcess.API_KEY);
            return database.jdbi().withHandle(handle -> {
                Probes probes = seedProbes(handle, bigRunItems);
                addBulkRuns(handle, database.dialect(), 3, runs, bigRunItems);
                return new Probes(probes.smallRunId(), probes.smallItemId(), probes.bigRunId(), bigRunItems, runs);
            });
        }
    }

    /** Adds bulk runs, newer than every run there, until the store holds {@code runs}. */
    static Probes grow(String jdbcUrl, Probes probes, long runs) {
        try (Database database = Database.open(jdbcUrl, 2)) {
            database.jdbi().useHandle(handle -> addBulkRuns(handle, database.dialect(), probes.runs() + 1, runs,
                    probes.bigRunItems()));
        }
        return new Probes(probes.smallRunId(), probes.smallItemId(), probes.bigRunId(), probes.bigRunItems(), runs);
    }

    /** The embedded H2 database of a data directory, as the service opens it there. */
    static String h2Url(Path dataDir) {
        return Config.fromEnv(Map.of("FLOWRUN_DATA_DIR", dataDir.toString())).effectiveDbUrl();
    }

    /** Run 1 with {@code bigRunItems} items (ids 1…), run 2 with 25 (the ids after), both completed, with outputs. */
    private static Probes seedProbes(Handle handle, int bigRunItems) {
        long workspace = workspace(handle);
        long workflow = handle.createQuery("SELECT id FROM workflows WHERE workspace_id = :w AND name = 'Remove background'")
                .bind("w", workspace).mapTo(Long.class).one();
        String graph = handle.createQuery("SELECT graph FROM workflows WHERE id = :id").bind("id", workflow)
                .mapTo(String.class).one();
        insertRuns(handle, workspace, workflow, graph, "completed", 1, 1, bigRunItems);
        insertRuns(handle, workspace, workflow, graph, "completed", 2, 2, 25);
        for (long lo = 1; lo <= bigRunItems; lo += CHUNK) {
            long hi = Math.min(bigRunItems, lo + CHUNK - 1);
            insertItems(handle, "X", "1", "X - 1", SHOT + " || '.jpg'", COMPLETED_ITEM, lo, hi);
            insertOutputs(handle, "X", "X", "1", SHOT + " || '.png'", "node_3", PROBE_CHAIN, lo, hi);
        }
        String smallItemId = bigRunItems + " + X";
        insertItems(handle, smallItemId, "2", "X - 1", "'product-' || X || '.jpg'", COMPLETED_ITEM, 1, 25);
        insertOutputs(handle, smallItemId, smallItemId, "2", "'product-' || X || '.png'", "node_3", PROBE_CHAIN, 1, 25);
        for (String node : new String[] {"node_1", "node_2", "node_3"}) {
            handle.execute("""
                    INSERT INTO node_states (item_id, node_id, status, file_keys, started_at, finished_at)
                    SELECT %s, '%s', 'completed', '["runs/2/out/' || (%s) || '/%s/f.png"]', CAST(? AS TIMESTAMP WITH TIME ZONE),
                           CAST(? AS TIMESTAMP WITH TIME ZONE)
                    FROM GENERATE_SERIES(1, 25) AS R(X)""".formatted(smallItemId, node, smallItemId, node),
                    BASE.toString(), BASE.plusSeconds(1).toString());
        }
        return new Probes(2, bigRunItems + 1, 1, bigRunItems, 2);
    }

    /**
     * Runs {@code from..to}: id = number = X, one failed item each with id {@code bigRunItems + 25 + X}; then the
     * counters the service continues from (identities, the workspace's run count and last createdAt).
     */
    private static void addBulkRuns(Handle handle, Dialect dialect, long from, long to, int bigRunItems) {
        long workspace = workspace(handle);
        long workflow = handle.createQuery("SELECT id FROM workflows WHERE workspace_id = :w AND name = 'Remove background'")
                .bind("w", workspace).mapTo(Long.class).one();
        long started = System.nanoTime();
        String itemId = (bigRunItems + 25) + " + X";
        for (long lo = from; lo <= to; lo += CHUNK) {
            long hi = Math.min(to, lo + CHUNK - 1);
            insertRuns(handle, workspace, workflow, BULK_GRAPH, "failed", lo, hi, 1);
            insertItems(handle, itemId, "X", "0", "'img-' || X || '.jpg'", FAILED_ITEM, lo, hi);
        }
        BenchContext.log("  %,d bulk runs and their items: %.1f s", to - from + 1, (System.nanoTime() - started) / 1e9);
        long nextItem = bigRunItems + 25 + to + 1;
        handle.execute("ALTER TABLE runs ALTER COLUMN id RESTART WITH " + (to + 1));
        handle.execute("ALTER TABLE run_items ALTER COLUMN id RESTART WITH " + nextItem);
        handle.execute("ALTER TABLE item_outputs ALTER COLUMN id RESTART WITH " + nextItem);
        handle.createUpdate("""
                UPDATE workspaces SET run_count = :n, last_run_at = (SELECT MAX(created_at) FROM runs WHERE workspace_id = :w)
                WHERE id = :w""").bind("n", to).bind("w", workspace).execute();
        settle(handle, dialect);
    }

    /**
     * H2: written through to the file, so the server's start does not pay for it. PostgreSQL plans by its
     * statistics, which a database in use has and a bulk load leaves stale; and the visibility map that lets it
     * read an index alone comes from a vacuum. Autovacuum would do both at a moment of its own choosing, in the
     * middle of a measurement; done here, both stores are measured as a settled database.
     */
    private static void settle(Handle handle, Dialect dialect) {
        if (dialect == Dialect.H2) {
            handle.execute("CHECKPOINT SYNC");
        } else {
            handle.execute("VACUUM (ANALYZE)");
        }
    }

    private static long workspace(Handle handle) {
        return handle.createQuery("SELECT id FROM workspaces WHERE name = 'default'").mapTo(Long.class).one();
    }

    /**
     * Runs {@code lo..hi} (id = number = X), finished a second apart, each with {@code items} items: all completed
     * with an output each, or all failed.
     */
    private static void insertRuns(Handle handle, long workspace, long workflow, String graph, String status, long lo,
                                   long hi, int items) {
        handle.createUpdate("""
                INSERT INTO runs (id, workspace_id, workflow_id, name, status, run_trigger, graph, zip_layout, total_items,
                                  completed_items, failed_items, output_count, created_at, updated_at, started_at,
                                  finished_at, workspace_seq)
                SELECT X, :workspace, :workflow, 'Remove background · ' || X, :status, 'api', :graph, 'preserve',
                       :items, :done, :failed, :done, CAST(:base AS TIMESTAMP WITH TIME ZONE) + X * INTERVAL '1' SECOND,
                       CAST(:base AS TIMESTAMP WITH TIME ZONE) + X * INTERVAL '1' SECOND,
                       CAST(:base AS TIMESTAMP WITH TIME ZONE) + X * INTERVAL '1' SECOND,
                       CAST(:base AS TIMESTAMP WITH TIME ZONE) + X * INTERVAL '1' SECOND, X
                FROM GENERATE_SERIES(:lo, :hi) AS R(X)""")
                .bind("workspace", workspace).bind("workflow", workflow).bind("graph", graph).bind("status", status)
                .bind("items", items).bind("done", status.equals("completed") ? items : 0)
                .bind("failed", status.equals("completed") ? 0 : items)
                .bind("base", BASE.toString()).bind("lo", lo).bind("hi", hi).execute();
    }

    /** Items X = lo..hi: id and run id and position as SQL expressions of X, input named by {@code fileName}. */
    private static void insertItems(Handle handle, String id, String runId, String position, String fileName,
                                    String outcome, long lo, long hi) {
        handle.createUpdate("""
                INSERT INTO run_items (id, run_id, position, status, error_code, error_message, inputs, search_text,
                                       started_at, finished_at)
                SELECT %1$s, %2$s, %3$s, %5$s,
                       '{"node_1":{"key":"runs/' || (%2$s) || '/in/' || (%3$s) || '/node_1/' || %4$s || '","fileName":"'
                           || %4$s || '","sourceUrl":"http://127.0.0.1:9/' || %4$s || '"}}',
                       %4$s, CAST(:at AS TIMESTAMP WITH TIME ZONE), CAST(:at AS TIMESTAMP WITH TIME ZONE)
                FROM GENERATE_SERIES(:lo, :hi) AS R(X)""".formatted(id, runId, position, fileName, outcome))
                .bind("at", BASE.toString()).bind("lo", lo).bind("hi", hi).execute();
    }

    private static void insertOutputs(Handle handle, String id, String itemId, String runId, String fileName,
                                      String node, String chain, long lo, long hi) {
        handle.createUpdate("""
                INSERT INTO item_outputs (id, run_id, item_id, node_id, file_key, file_name, node_chain)
                SELECT %1$s, %3$s, %2$s, :node, 'runs/' || (%3$s) || '/out/' || (%2$s) || '/' || :node || '/' || %4$s,
                       %4$s, :chain
                FROM GENERATE_SERIES(:lo, :hi) AS R(X)""".formatted(id, itemId, runId, fileName))
                .bind("node", node).bind("chain", chain).bind("lo", lo).bind("hi", hi).execute();
    }
}
