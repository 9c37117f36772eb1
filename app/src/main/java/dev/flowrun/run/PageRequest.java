package dev.flowrun.run;

import dev.flowrun.error.InvalidRequest;

/** {@code page} (from 1) and {@code pageSize} (1 to 100), read from query text. */
public record PageRequest(int page, int pageSize) {
    public static final int MAX_PAGE_SIZE = 100;

    public static PageRequest parse(String page, String pageSize) {
        return new PageRequest(parse("page", page, 1, Integer.MAX_VALUE, 1),
                parse("pageSize", pageSize, 1, MAX_PAGE_SIZE, 25));
    }

    public long offset() {
        return (long) (page - 1) * pageSize;
    }

    private static int parse(String name, String text, int min, int max, int fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            long value = Long.parseLong(text.strip());
            if (value >= min && value <= max) {
                return (int) value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidRequest(name, name + " must be a whole number from " + min
                + (max == Integer.MAX_VALUE ? " up" : " to " + max));
    }
}
