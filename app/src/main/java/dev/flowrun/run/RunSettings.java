package dev.flowrun.run;

import java.time.Duration;

/** {@code FLOWRUN_PAGE_CACHE_MB}, and {@code FLOWRUN_OUTPUT_RETENTION} ({@code retention}: null when files are kept). */
public record RunSettings(int pageCacheMb, Duration retention) {
}
