package dev.flowrun.db;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * H2 settings the service runs with unless its JDBC URL sets them itself, each chosen with the memory benchmark
 * ({@code bench/run memory}: a run of 1,000 and of 10,000 items).
 */
final class H2Settings {
    private static final Map<String, String> DEFAULTS = Map.of(
            // Statements kept parsed per connection (H2: 8). An item runs a dozen different ones on whichever
            // pooled connection it gets, so with 8 most were parsed again each time.
            "QUERY_CACHE_SIZE", "64",
            // H2 keeps each cached query's last result, for a rerun with the same parameters before anything at
            // all is written, rare while items run: the list of a 10,000-item run's outputs read for its archive
            // stayed on the heap (about 2 MB) of every pooled connection that had read one.
            "OPTIMIZE_REUSE_RESULTS", "0",
            // The page cache, in KiB (H2: 16 MiB). Filled by the pages items write, it held 8 to 14 MB more after
            // 10,000 items than after 1,000, and its turnover kept its pages surviving young collections until they
            // were promoted: twice the survivors to copy, pauses long enough for G1 to grow the heap mid-run. At
            // 4 MiB the store's reads measured the same (bench/run scale; at 2 MiB a search of a 100,000-item
            // run's names took 2.5 times as long).
            "CACHE_SIZE", "4096",
            // No flowrun.trace.db: H2 writes its errors there, the service logs its own, and a second process
            // refused by the file lock left one behind in a data directory it had no business writing to.
            "TRACE_LEVEL_FILE", "0",
            // Each commit is in the file before it returns (H2: stored by a background thread within 500 ms). With
            // the delay, a kill -9 just after a 2xx undid what it answered: bench/chaos lost 33 of 331 runs created
            // over 30 kills, and with them workflows saved and keys revoked. Not a sync to the disk: the operating
            // system keeps what was written when the process dies. A checkpoint before each answer was not enough:
            // H2 skips it while a background store, still being written, is under way. Finding the last of those
            // commits again after a kill is H2Recovery's part: H2 on its own can open an older one.
            "WRITE_DELAY", "0");

    private H2Settings() {
    }

    /** The defaults {@code jdbcUrl} does not set, as connection properties; none unless it is an H2 URL. */
    static Map<String, String> missingFrom(String jdbcUrl) {
        Map<String, String> missing = new LinkedHashMap<>();
        if (!jdbcUrl.startsWith("jdbc:h2:")) {
            return missing;
        }
        String url = jdbcUrl.toUpperCase(Locale.ROOT);
        DEFAULTS.forEach((name, value) -> {
            if (!url.contains(";" + name + "=")) {
                missing.put(name, value);
            }
        });
        return missing;
    }
}
