package dev.flowrun.engine;

import java.time.Duration;

/**
 * FLOWRUN_WORKERS, FLOWRUN_ITEM_TIMEOUT and FLOWRUN_REVIEW_BELOW (an item with a cut-out less confident than this
 * needs review).
 */
public record EngineSettings(int workers, Duration itemTimeout, double reviewBelow) {
}
