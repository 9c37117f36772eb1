package dev.flowrun.engine;

import dev.flowrun.work.Env;
import java.time.Duration;
import java.util.List;

/**
 * FLOWRUN_WORKERS, FLOWRUN_ITEM_TIMEOUT, FLOWRUN_REVIEW_BELOW (an item with a cut-out less confident than this
 * needs review), FLOWRUN_MAX_PIXELS (the largest image decoded) and FLOWRUN_STORAGE_OUTAGE_LIMIT (how long items wait
 * for a file store that cannot be reached before they fail).
 */
public record EngineSettings(int workers, Duration itemTimeout, double reviewBelow, long maxPixels,
                             Duration storageOutageLimit) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_WORKERS", "FLOWRUN_ITEM_TIMEOUT",
            "FLOWRUN_REVIEW_BELOW", "FLOWRUN_MAX_PIXELS", "FLOWRUN_STORAGE_OUTAGE_LIMIT");

    /**
     * A legitimate 50 MP image decodes and goes through removeBackground in a few seconds (about 15 s on a 2-core
     * machine loaded 10 times over, measured); two minutes leave a wide margin for a slow machine, while no single
     * file can hold a worker for longer.
     */
    public static final Duration DEFAULT_ITEM_TIMEOUT = Duration.ofMinutes(2);

    public static EngineSettings fromEnv(Env env) {
        return new EngineSettings(
                env.integer("FLOWRUN_WORKERS", Runtime.getRuntime().availableProcessors(), 1, 1024),
                // Not required by the API: the time an item's decoding and nodes may take (README, Security).
                env.duration("FLOWRUN_ITEM_TIMEOUT", DEFAULT_ITEM_TIMEOUT),
                env.fraction("FLOWRUN_REVIEW_BELOW", 0.5),
                env.longValue("FLOWRUN_MAX_PIXELS", 50_000_000L, 1, Long.MAX_VALUE),
                env.duration("FLOWRUN_STORAGE_OUTAGE_LIMIT", Duration.ofMinutes(10)));
    }
}
