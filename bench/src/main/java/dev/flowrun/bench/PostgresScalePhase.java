package dev.flowrun.bench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * {@link ScalePhase}'s queries, stores and ≤ 2× rule with the stores in PostgreSQL. The big
 * store is the small one grown, as there; PostgreSQL copies the small database itself (CREATE DATABASE … TEMPLATE)
 * where H2's file is copied. Each server has its database in {@code FLOWRUN_DB_URL} and a data directory of its own.
 */
final class PostgresScalePhase {
    static final String AREA = "Scale (PostgreSQL)";

    private PostgresScalePhase() {
    }

    static void run(BenchContext bench, long smallStore, long bigStore) throws Exception {
        Path smallDir = bench.freshDataDir("scale-pg-small");
        Path bigDir = bench.freshDataDir("scale-pg-big");
        String smallUrl = BenchPostgres.freshDatabase("scale_small");
        String bigUrl = null;
        try {
            long started = System.nanoTime();
            StoreSeeder.Probes small = StoreSeeder.seed(smallUrl, smallStore, ScalePhase.BIG_RUN_ITEMS);
            BenchContext.log("seeded %,d runs (one with %,d items) in %.1f s", smallStore, ScalePhase.BIG_RUN_ITEMS,
                    (System.nanoTime() - started) / 1e9);
            started = System.nanoTime();
            // The seeder's pool is closed: nothing is connected to the small database, as TEMPLATE requires.
            bigUrl = BenchPostgres.copy(smallUrl, "scale_big");
            StoreSeeder.Probes big = StoreSeeder.grow(bigUrl, small, bigStore);
            BenchContext.log("grew a copy to %,d runs in %.1f s", bigStore, (System.nanoTime() - started) / 1e9);
            try (ServerProcess smallServer = bench.startServer(smallDir, on(smallUrl));
                 ServerProcess bigServer = bench.startServer(bigDir, on(bigUrl))) {
                ScalePhase.compare(bench, AREA, smallServer, small, bigServer, big);
            }
        } finally {
            BenchPostgres.drop(smallUrl);
            if (bigUrl != null) {
                BenchPostgres.drop(bigUrl);
            }
            ShotImages.deleteTree(smallDir);
            ShotImages.deleteTree(bigDir);
        }
    }

    private static Map<String, String> on(String url) {
        Map<String, String> env = new HashMap<>(ScalePhase.NO_PAGE_CACHE);
        env.put("FLOWRUN_DB_URL", url);
        return env;
    }
}
