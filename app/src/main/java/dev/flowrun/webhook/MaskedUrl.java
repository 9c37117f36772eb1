package dev.flowrun.webhook;

/**
 * A webhook URL as shown back to callers: the query string often carries the receiver's secret (README,
 * Webhooks), so each query value is replaced by {@code ***}, as is any user-info.
 */
final class MaskedUrl {
    private MaskedUrl() {
    }

    static String of(String url) {
        String result = url;
        int fragment = result.indexOf('#');
        if (fragment >= 0) {
            result = result.substring(0, fragment);
        }
        int scheme = result.indexOf("://");
        int at = result.indexOf('@');
        int pathStart = indexOfAny(result, scheme < 0 ? 0 : scheme + 3);
        if (scheme >= 0 && at > scheme && (pathStart < 0 || at < pathStart)) {
            result = result.substring(0, scheme + 3) + "***@" + result.substring(at + 1);
        }
        int query = result.indexOf('?');
        if (query < 0) {
            return result;
        }
        var masked = new StringBuilder(result.substring(0, query + 1));
        String[] pairs = result.substring(query + 1).split("&", -1);
        for (int i = 0; i < pairs.length; i++) {
            if (i > 0) {
                masked.append('&');
            }
            int equals = pairs[i].indexOf('=');
            masked.append(equals >= 0 ? pairs[i].substring(0, equals + 1) + "***" : "***");
        }
        return masked.toString();
    }

    private static int indexOfAny(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '/' || c == '?') {
                return i;
            }
        }
        return -1;
    }
}
