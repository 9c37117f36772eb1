package dev.flowrun.http;

import dev.flowrun.error.RangeNotSatisfiable;
import java.util.Locale;

/**
 * One byte range of a file, from a {@code Range} header (RFC 9110 §14.2), so an interrupted download can
 * resume: {@code bytes=a-b}, {@code bytes=a-} and {@code bytes=-n}. {@code end} is inclusive.
 */
record ByteRange(long start, long end) {
    private static final int MAX_DIGITS = 18;

    long length() {
        return end - start + 1;
    }

    String contentRange(long size) {
        return "bytes " + start + "-" + end + "/" + size;
    }

    /**
     * The range to serve, or null to serve the whole file: no header, another unit, several ranges, or a
     * malformed one, all of which a server may ignore (RFC 9110 §14.2).
     *
     * @throws RangeNotSatisfiable the range starts past the end of the file (or asks for no bytes)
     */
    static ByteRange parse(String header, long size) {
        if (header == null) {
            return null;
        }
        String value = header.strip();
        if (!value.toLowerCase(Locale.ROOT).startsWith("bytes=")) {
            return null;
        }
        String spec = value.substring("bytes=".length()).strip();
        int dash = spec.indexOf('-');
        if (spec.contains(",") || dash < 0) {
            return null;
        }
        long first = number(spec.substring(0, dash).strip());
        long last = number(spec.substring(dash + 1).strip());
        if (first == -1 && last == -1 || first == -2 || last == -2 || first >= 0 && last >= 0 && last < first) {
            return null;
        }
        if (first == -1) {
            // A suffix: the last n bytes, or the whole file when it is shorter.
            if (last == 0 || size == 0) {
                throw new RangeNotSatisfiable(size);
            }
            return new ByteRange(Math.max(0, size - last), size - 1);
        }
        if (first >= size) {
            throw new RangeNotSatisfiable(size);
        }
        return new ByteRange(first, last == -1 ? size - 1 : Math.min(last, size - 1));
    }

    /** The number; -1 when empty, -2 when not a plain decimal that fits. */
    private static long number(String text) {
        if (text.isEmpty()) {
            return -1;
        }
        if (text.length() > MAX_DIGITS) {
            return -2;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return -2;
            }
        }
        return Long.parseLong(text);
    }
}
