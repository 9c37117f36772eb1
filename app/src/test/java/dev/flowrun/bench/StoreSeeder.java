package dev.flowrun.bench;

import dev.flowrun.Config;
import dev.flowrun.Json;
import dev.flowrun.auth.AuthService;
import dev.flowrun.db.Database;
import dev.flowrun.workflow.Templates;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * Fills a data directory's database, before the service starts on it, through the service's own schema (opening
 * {@link Database} applies every migration): two completed probe runs, a 100,000-item one and a 25-item one, each
 * item with its output, then failed one-item runs (their download failed, so they have no output) up to the
 * store's size; {@link #grow} adds more to the same store. Bulk SQL
 * ({@code INSERT … SELECT … FROM SYSTEM_RANGE}) in chunks, so a million runs take seconds, not an API call each.
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
    private static final String PROBE_CHAIN = "[\"imageInput\",\"removeBackground\",\"output\"]";

    /** The ids the benchmark asks for afterwards. */
    record Probes(long smallRunId, long smallItemId, long bigRunId, int bigRunItems, long runs) {
    }

    private StoreSeeder() {
    }

    static Probes seed(Path dataDir, long runs, int bigRunItems) {
        try (Database database = Database.open(jdbcUrl(dataDir), 2)) {
            new AuthService(database.jdbi(), new Templates(Json.mapper()), Clock.systemUTC()).bootstrap(ServerProcess.API_KEY);
            return database.jdbi().withHandle(handle -> {
                Probes probes = seedProbes(handle, bigRunItems);
                addBulkRuns(handle, 3, runs, bigRunItems);
                return new Probes(probes.smallRunId(), probes.smallItemId(), probes.bigRunId(), bigRunItems, runs);
            });
        }
    }

    /** Adds bulk runs, newer than every run there, until the store holds {@code runs}. */
    static Probes grow(Path dataDir, Probes probes, long runs) {
        try (Database database = Database.open(jdbcUrl(dataDir), 2)) {
            database.jdbi().useHandle(handle -> addBulkRuns(handle, probes.runs() + 1, runs, probes.bigRunItems()));
        }
        return new Probes(probes.smallRunId(), probes.smallItemId(), probes.bigRunId(), probes.bigRunItems(), runs);
    }

    private static String jdbcUrl(Path dataDir) {
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
            insertItems(handle, "X", "1", "X - 1", "'shot-' || LPAD(X, 6, '0') || '.jpg'", COMPLETED_ITEM, lo, hi);
            insertOutputs(handle, "X", "X", "1", "'shot-' || LPAD(X, 6, '0') || '.png'", "node_3", PROBE_CHAIN, lo, hi);
        }
        String smallItemId = bigRunItems + " + X";
        insertItems(handle, smallItemId, "2", "X - 1", "'product-' || X || '.jpg'", COMPLETED_ITEM, 1, 25);
        insertOutputs(handle, smallItemId, smallItemId, "2", "'product-' || X || '.png'", "node_3", PROBE_CHAIN, 1, 25);
        for (String node : new String[] {"node_1", "node_2", "node_3"}) {
            handle.execute("""
                    INSERT INTO node_states (item_id, node_id, status, file_keys, started_at, finished_at)
                    SELECT %s, '%s', 'completed', '["runs/2/out/' || (%s) || '/%s/f.png"]', CAST(? AS TIMESTAMP WITH TIME ZONE),
                           CAST(? AS TIMESTAMP WITH TIME ZONE)
                    FROM SYSTEM_RANGE(1, 25)""".formatted(smallItemId, node, smallItemId, node),
                    BASE.toString(), BASE.plusSeconds(1).toString());
        }
        return new Probes(2, bigRunItems + 1, 1, bigRunItems, 2);
    }

    /**
     * Runs {@code from..to}: id = number = X, one failed item each with id {@code bigRunItems + 25 + X}; then the
     * counters the service continues from (identities, the workspace's run count and last createdAt).
     */
    private static void addBulkRuns(Handle handle, long from, long to, int bigRunItems) {
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
        handle.execute("CHECKPOINT SYNC");
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
                FROM SYSTEM_RANGE(:lo, :hi)""")
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
                FROM SYSTEM_RANGE(:lo, :hi)""".formatted(id, runId, position, fileName, outcome))
                .bind("at", BASE.toString()).bind("lo", lo).bind("hi", hi).execute();
    }

    private static void insertOutputs(Handle handle, String id, String itemId, String runId, String fileName,
                                      String node, String chain, long lo, long hi) {
        handle.createUpdate("""
                INSERT INTO item_outputs (id, run_id, item_id, node_id, file_key, file_name, node_chain)
                SELECT %1$s, %3$s, %2$s, :node, 'runs/' || (%3$s) || '/out/' || (%2$s) || '/' || :node || '/' || %4$s,
                       %4$s, :chain
                FROM SYSTEM_RANGE(:lo, :hi)""".formatted(id, itemId, runId, fileName))
                .bind("node", node).bind("chain", chain).bind("lo", lo).bind("hi", hi).execute();
    }
}
