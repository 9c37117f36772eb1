package dev.flowrun.run;

import dev.flowrun.work.DurationText;
import dev.flowrun.work.Env;
import java.time.Duration;
import java.util.List;

/** {@code FLOWRUN_PAGE_CACHE_MB}, and {@code FLOWRUN_OUTPUT_RETENTION} ({@code retention}: null when files are kept). */
public record RunSettings(int pageCacheMb, Duration retention) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_PAGE_CACHE_MB", "FLOWRUN_OUTPUT_RETENTION");

    public static RunSettings fromEnv(Env env) {
        // Not required by the API: memory for finished runs' rendered pages (RunPageCache); 0 turns it off.
        return new RunSettings(env.integer("FLOWRUN_PAGE_CACHE_MB", 16, 0, 4096), retention(env));
    }

    /** An age such as {@code 30d} or {@code 12h}: the units of durations and days; null when unset (keep). */
    private static Duration retention(Env env) {
        String name = "FLOWRUN_OUTPUT_RETENTION";
        String value = env.raw(name);
        if (value == null) {
            return null;
        }
        Duration parsed = value.matches("\\d{1,7}d") ? Duration.ofDays(Long.parseLong(value.substring(0,
                value.length() - 1))) : DurationText.parse(value);
        if (parsed == null || parsed.isZero()) {
            throw env.bad(name, value, "a positive age such as 30d, 12h or 90m");
        }
        return parsed;
    }
}
