package dev.flowrun.work;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The environment a feature's settings are read from, one variable at a time; every refusal names the variable and
 * the value ({@link Invalid}), so start-up stops with one clear line. Each feature's settings record parses its own
 * variables with it and lists them; {@code Config} lists the records.
 */
public record Env(Map<String, String> values) {

    /** A variable whose value is not valid: the message names it, the value and what it takes. */
    public static final class Invalid extends RuntimeException {
        public Invalid(String message) {
            super(message);
        }
    }

    /** The value, trimmed; null when unset or blank. */
    public String raw(String name) {
        String value = values.get(name);
        return value == null || value.isBlank() ? null : value.trim();
    }

    public String string(String name, String fallback) {
        String value = raw(name);
        return value == null ? fallback : value;
    }

    /** A number from 0 to 1, such as 0.5. */
    public double fraction(String name, double fallback) {
        String value = raw(name);
        if (value == null) {
            return fallback;
        }
        // Plain decimals only: Java would also read "0.5d", "NaN" and hexadecimal.
        if (value.matches("\\d+(\\.\\d+)?|\\.\\d+") && Double.parseDouble(value) <= 1) {
            return Double.parseDouble(value);
        }
        throw bad(name, value, "a number from 0 to 1, such as 0.5");
    }

    public int integer(String name, int fallback, int min, int max) {
        return (int) longValue(name, fallback, min, max);
    }

    public long longValue(String name, long fallback, long min, long max) {
        String value = raw(name);
        if (value == null) {
            return fallback;
        }
        try {
            long parsed = Long.parseLong(value);
            if (parsed < min || parsed > max) {
                throw bad(name, value, "a whole number from " + min + " to " + max);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw bad(name, value, "a whole number from " + min + " to " + max);
        }
    }

    /** What {@code parse} makes of the value, null when unset; {@code rule} says what it takes when it throws. */
    public <T> T parsed(String name, Function<String, T> parse, Function<IllegalArgumentException, String> rule) {
        String value = raw(name);
        if (value == null) {
            return null;
        }
        try {
            return parse.apply(value);
        } catch (IllegalArgumentException e) {
            throw bad(name, value, rule.apply(e));
        }
    }

    public boolean bool(String name, boolean fallback) {
        String value = raw(name);
        if (value == null) {
            return fallback;
        }
        return switch (value.toLowerCase()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw bad(name, value, "true or false");
        };
    }

    /** An http(s) URL without query or fragment, without its trailing slash; null when unset. */
    public String url(String name) {
        String value = raw(name);
        if (value == null) {
            return null;
        }
        try {
            var uri = java.net.URI.create(value);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                    || uri.getQuery() != null || uri.getFragment() != null) {
                throw bad(name, value, "an http(s) URL such as https://flowrun.example.com");
            }
        } catch (IllegalArgumentException e) {
            throw bad(name, value, "an http(s) URL such as https://flowrun.example.com");
        }
        return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    }

    public Duration duration(String name, Duration fallback) {
        String value = raw(name);
        if (value == null) {
            return fallback;
        }
        Duration parsed = DurationText.parse(value);
        if (parsed == null || parsed.isZero()) {
            throw bad(name, value, "a positive duration such as 500ms, 15s, 5m or 2h");
        }
        return parsed;
    }

    public List<Duration> durations(String name, List<Duration> fallback, int count) {
        String value = raw(name);
        if (value == null) {
            return fallback;
        }
        List<Duration> result = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            Duration parsed = DurationText.parse(part.trim());
            if (parsed == null) {
                throw bad(name, value, count + " comma-separated durations such as 5s,5m,30m,2h,5h");
            }
            result.add(parsed);
        }
        if (result.size() != count) {
            throw bad(name, value, count + " comma-separated durations such as 5s,5m,30m,2h,5h");
        }
        return List.copyOf(result);
    }

    /** The refusal of {@code value}: "NAME: 'value' is not valid; expected …". */
    public Invalid bad(String name, String value, String expected) {
        return new Invalid(name + ": '" + value + "' is not valid; expected " + expected + ".");
    }
}
