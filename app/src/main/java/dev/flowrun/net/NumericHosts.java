package dev.flowrun.net;

/**
 * Spots hosts that URL parsers read as an IPv4 address but that are not written as one: {@code 2130706433},
 * {@code 127.1}, {@code 0x7f.1}, {@code 0177.0.0.1}. Parsers disagree about them (Java reads {@code 0177.0.0.1}
 * as 177.0.0.1, curl and browsers as 127.0.0.1), so flowrun refuses them rather than guess. Pure code.
 */
final class NumericHosts {
    private NumericHosts() {
    }

    /**
     * True when the last label is a number (decimal, or hex with {@code 0x}, as the WHATWG URL standard reads a
     * host) but the host is not four decimal numbers 0–255 without leading zeros and without a trailing dot.
     * IPv6 literals (with a colon) and ordinary names are never non-canonical.
     */
    static boolean isNonCanonical(String host) {
        if (host.isEmpty() || host.indexOf(':') >= 0) {
            return false;
        }
        boolean trailingDot = host.endsWith(".");
        String body = trailingDot ? host.substring(0, host.length() - 1) : host;
        String[] labels = body.split("\\.", -1);
        if (!isNumber(labels[labels.length - 1])) {
            return false;
        }
        return trailingDot || !isDottedQuad(labels);
    }

    private static boolean isNumber(String label) {
        if (label.isEmpty()) {
            return false;
        }
        if (label.startsWith("0x") || label.startsWith("0X")) {
            return label.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0 && c < 128);
        }
        return label.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static boolean isDottedQuad(String[] labels) {
        if (labels.length != 4) {
            return false;
        }
        for (String label : labels) {
            if (label.isEmpty() || label.length() > 3 || !label.chars().allMatch(c -> c >= '0' && c <= '9')
                    || (label.length() > 1 && label.charAt(0) == '0') || Integer.parseInt(label) > 255) {
                return false;
            }
        }
        return true;
    }
}
