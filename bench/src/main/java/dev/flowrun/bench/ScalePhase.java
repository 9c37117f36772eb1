package dev.flowrun.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The same reads with 1,000 and with 1,000,000 runs stored (seeded in bulk before the server
 * starts), and a 100,000-item run's first page, last page and a {@code q} search. The probe runs are the oldest,
 * so the deepest list page is theirs. One connection, so the figure is each request's own time, not queueing.
 */
final class ScalePhase {
    static final int BIG_RUN_ITEMS = 100_000;
    static final int WARMUP_SECONDS = 1;
    static final int SECONDS = 2;
    /**
     * Without the cache of finished pages: the probe runs are finished, and what is measured here is how the
     * database's work grows with the store.
     */
    static final Map<String, String> NO_PAGE_CACHE = Map.of("FLOWRUN_PAGE_CACHE_MB", "0");

    private ScalePhase() {
    }

    static void run(BenchContext bench, long smallStore, long bigStore) throws Exception {
        Path smallDir = bench.freshDataDir("scale-small");
        Path bigDir = bench.freshDataDir("scale-big");
        long started = System.nanoTime();
        StoreSeeder.Probes small = StoreSeeder.seed(StoreSeeder.h2Url(smallDir), smallStore, BIG_RUN_ITEMS);
        BenchContext.log("seeded %,d runs (one with %,d items) in %.1f s", smallStore, BIG_RUN_ITEMS,
                (System.nanoTime() - started) / 1e9);
        // The big store is the small one grown: the same probe runs, then enough newer runs to make a million.
        started = System.nanoTime();
        copyTree(smallDir, bigDir);
        StoreSeeder.Probes big = StoreSeeder.grow(StoreSeeder.h2Url(bigDir), small, bigStore);
        BenchContext.log("grew a copy to %,d runs in %.1f s", bigStore, (System.nanoTime() - started) / 1e9);
        try (ServerProcess smallServer = bench.startServer(smallDir, NO_PAGE_CACHE);
             ServerProcess bigServer = bench.startServer(bigDir, NO_PAGE_CACHE)) {
            compare(bench, "Scale", smallServer, small, bigServer, big);
        } finally {
            ShotImages.deleteTree(smallDir);
            ShotImages.deleteTree(bigDir);
        }
    }

    /**
     * Both servers run at once, each query measured on one then the other, twice: whatever else loads the machine
     * weighs on both stores alike. One table row per query, under {@code area}.
     */
    static void compare(BenchContext bench, String area, ServerProcess smallServer, StoreSeeder.Probes small,
                        ServerProcess bigServer, StoreSeeder.Probes big) throws Exception {
        Map<String, String> smallQueries = queries(small);
        Map<String, String> bigQueries = queries(big);
        for (int round = 0; round < 2; round++) {
            for (String query : smallQueries.keySet()) {
                Wrk.run(smallServer.baseUrl() + smallQueries.get(query), 2, WARMUP_SECONDS, null);
                Wrk.run(bigServer.baseUrl() + bigQueries.get(query), 2, WARMUP_SECONDS, null);
            }
        }
        String stores = String.format("%,d → %,d runs", small.runs(), big.runs());
        for (String query : smallQueries.keySet()) {
            Wrk.Result inSmall = null;
            Wrk.Result inBig = null;
            for (int round = 0; round < 2; round++) {
                inSmall = better(inSmall, Wrk.run(smallServer.baseUrl() + smallQueries.get(query), 1, SECONDS, null));
                inBig = better(inBig, Wrk.run(bigServer.baseUrl() + bigQueries.get(query), 1, SECONDS, null));
            }
            double ratio = inBig.p50Millis() / inSmall.p50Millis();
            BenchContext.log("%s: p50 %.2f ms → %.2f ms (p99 %.2f → %.2f)", query, inSmall.p50Millis(),
                    inBig.p50Millis(), inSmall.p99Millis(), inBig.p99Millis());
            bench.table().add(area, query + ", p50 (p99) at " + stores,
                    ResultTable.ms(inSmall.p50Millis()) + " (" + ResultTable.ms(inSmall.p99Millis()) + ") → "
                            + ResultTable.ms(inBig.p50Millis()) + " (" + ResultTable.ms(inBig.p99Millis()) + "): "
                            + ResultTable.ratio(ratio), "≤ 2×", ratio <= 2);
        }
    }

    private static Wrk.Result better(Wrk.Result best, Wrk.Result next) {
        return best == null || next.p50Millis() < best.p50Millis() ? next : best;
    }

    private static Map<String, String> queries(StoreSeeder.Probes probes) {
        long lastListPage = (probes.runs() + 24) / 25;
        long lastItemPage = (probes.bigRunItems() + 24) / 25;
        Map<String, String> queries = new LinkedHashMap<>();
        queries.put("GET run (25 items)", "/workflows/runs/" + probes.smallRunId());
        queries.put("GET item", "/workflows/runs/" + probes.smallRunId() + "/items/" + probes.smallItemId());
        queries.put("GET runs?page=1", "/workflows/runs?page=1");
        queries.put("GET runs?page=last", "/workflows/runs?page=" + lastListPage);
        queries.put("100k-item run, page 1", "/workflows/runs/" + probes.bigRunId() + "?page=1");
        queries.put("100k-item run, last page", "/workflows/runs/" + probes.bigRunId() + "?page=" + lastItemPage);
        queries.put("100k-item run, q=07777", "/workflows/runs/" + probes.bigRunId() + "?q=07777");
        return queries;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path source : walk.toList()) {
                Files.copy(source, to.resolve(from.relativize(source).toString()));
            }
        }
    }
}
