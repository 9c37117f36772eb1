package dev.flowrun.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Issue 7, item 2: the same reads with 1,000 and with 1,000,000 runs stored (seeded in bulk before the server
 * starts), and a 100,000-item run's first page, last page and a {@code q} search. One connection, so the figure
 * is each request's own time, not queueing.
 */
final class ScalePhase {
    static final int BIG_RUN_ITEMS = 100_000;
    static final int WARMUP_SECONDS = 1;
    static final int SECONDS = 3;

    private ScalePhase() {
    }

    static void run(BenchContext bench, long smallStore, long bigStore) throws Exception {
        Map<String, Wrk.Result> small = measureStore(bench, smallStore);
        Map<String, Wrk.Result> big = measureStore(bench, bigStore);
        String stores = String.format("%,d → %,d runs", smallStore, bigStore);
        for (String query : small.keySet()) {
            double ratio = big.get(query).p50Millis() / small.get(query).p50Millis();
            bench.table().add("Scale", query + ", p50 (p99) at " + stores,
                    ResultTable.ms(small.get(query).p50Millis()) + " (" + ResultTable.ms(small.get(query).p99Millis())
                            + ") → " + ResultTable.ms(big.get(query).p50Millis()) + " ("
                            + ResultTable.ms(big.get(query).p99Millis()) + "): " + ResultTable.ratio(ratio),
                    "≤ 2×", ratio <= 2);
        }
    }

    private static Map<String, Wrk.Result> measureStore(BenchContext bench, long runs) throws Exception {
        Path dataDir = bench.freshDataDir("scale-" + runs);
        long started = System.nanoTime();
        StoreSeeder.Probes probes = StoreSeeder.seed(dataDir, runs, BIG_RUN_ITEMS);
        BenchContext.log("seeded %,d runs (+%,d items in one run) in %.1f s", runs, BIG_RUN_ITEMS,
                (System.nanoTime() - started) / 1e9);
        Map<String, Wrk.Result> results = new LinkedHashMap<>();
        try (ServerProcess server = bench.startServer(dataDir, Map.of())) {
            String base = server.baseUrl();
            long lastListPage = (runs + 24) / 25;
            long lastItemPage = (BIG_RUN_ITEMS + 24) / 25;
            Map<String, String> queries = new LinkedHashMap<>();
            queries.put("GET run (25 items)", "/workflows/runs/" + probes.smallRunId());
            queries.put("GET item", "/workflows/runs/" + probes.smallRunId() + "/items/" + probes.smallItemId());
            queries.put("GET runs?page=1", "/workflows/runs?page=1");
            queries.put("GET runs?page=last", "/workflows/runs?page=" + lastListPage);
            queries.put("100k-item run, page 1", "/workflows/runs/" + probes.bigRunId() + "?page=1");
            queries.put("100k-item run, last page", "/workflows/runs/" + probes.bigRunId() + "?page=" + lastItemPage);
            queries.put("100k-item run, q=07777", "/workflows/runs/" + probes.bigRunId() + "?q=07777");
            // Every query twice over before any is measured, so none is timed while the JIT still compiles.
            for (int round = 0; round < 2; round++) {
                for (String path : queries.values()) {
                    Wrk.run(base + path, 2, WARMUP_SECONDS, null);
                }
            }
            for (var query : queries.entrySet()) {
                Wrk.Result result = Wrk.run(base + query.getValue(), 1, SECONDS, null);
                BenchContext.log("%,d runs, %s: p50 %.2f ms, p99 %.2f ms", runs, query.getKey(), result.p50Millis(),
                        result.p99Millis());
                results.put(query.getKey(), result);
            }
        }
        ShotImages.deleteTree(dataDir);
        return results;
    }

    static List<Long> defaults() {
        return List.of(1_000L, 1_000_000L);
    }
}
