package dev.flowrun.work;

import java.time.Duration;
import java.util.regex.Pattern;

/** Durations as written in the environment: a whole number and a unit, {@code ms}, {@code s}, {@code m} or {@code h}. */
public final class DurationText {
    private static final Pattern FORM = Pattern.compile("(\\d{1,12})(ms|s|m|h)");

    private DurationText() {
    }

    /** The duration, or null when the text is not of that form. */
    public static Duration parse(String text) {
        var matcher = FORM.matcher(text);
        if (!matcher.matches()) {
            return null;
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }

    /** The duration in the same form, in the largest unit that writes it exactly: {@code 2m}, {@code 90s}, {@code 1500ms}. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis % 3_600_000 == 0 && millis > 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis % 60_000 == 0 && millis > 0) {
            return millis / 60_000 + "m";
        }
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }
}
