package dev.flowrun.upload;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A header value with parameters, {@code form-data; name="file"; filename="a.jpg"} or
 * {@code multipart/form-data; boundary=xyz}: the value before the first {@code ;}, lower-cased, and the parameters
 * by lower-cased name. Quoted values may escape with a backslash; {@code name*=UTF-8''...} (RFC 8187) is decoded and
 * wins over the plain one.
 */
record HeaderParams(String value, Map<String, String> params) {

    static HeaderParams parse(String header) {
        if (header == null) {
            return new HeaderParams("", Map.of());
        }
        int semicolon = header.indexOf(';');
        String value = (semicolon < 0 ? header : header.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
        Map<String, String> params = new LinkedHashMap<>();
        int at = semicolon < 0 ? header.length() : semicolon + 1;
        while (at < header.length()) {
            int equals = header.indexOf('=', at);
            int nextSemicolon = header.indexOf(';', at);
            if (equals < 0 || (nextSemicolon >= 0 && nextSemicolon < equals)) {
                at = nextSemicolon < 0 ? header.length() : nextSemicolon + 1;
                continue;
            }
            String name = header.substring(at, equals).trim().toLowerCase(Locale.ROOT);
            at = equals + 1;
            while (at < header.length() && header.charAt(at) == ' ') {
                at++;
            }
            var text = new StringBuilder();
            if (at < header.length() && header.charAt(at) == '"') {
                at++;
                for (; at < header.length() && header.charAt(at) != '"'; at++) {
                    char c = header.charAt(at);
                    if (c == '\\' && at + 1 < header.length()) {
                        c = header.charAt(++at);
                    }
                    text.append(c);
                }
                int end = header.indexOf(';', at);
                at = end < 0 ? header.length() : end + 1;
            } else {
                int end = nextSemicolon < 0 ? header.length() : nextSemicolon;
                text.append(header, at, end);
                at = end + 1;
            }
            String parsed = name.endsWith("*") ? extended(text.toString().trim()) : text.toString().trim();
            if (name.endsWith("*") && parsed != null) {
                params.put(name.substring(0, name.length() - 1), parsed);
            } else if (!name.endsWith("*")) {
                params.putIfAbsent(name, parsed);
            }
        }
        return new HeaderParams(value, params);
    }

    String param(String name) {
        return params.get(name);
    }

    /** {@code charset'language'percent-encoded}; null when it is not of that form or names no known charset. */
    private static String extended(String text) {
        int first = text.indexOf('\'');
        int second = first < 0 ? -1 : text.indexOf('\'', first + 1);
        if (second < 0) {
            return null;
        }
        Charset charset;
        try {
            charset = Charset.forName(text.substring(0, first));
        } catch (IllegalArgumentException e) {
            return null;
        }
        var bytes = new ByteArrayOutputStream();
        for (int i = second + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '%') {
                if (c > 0x7e) {
                    return null;
                }
                bytes.write(c);
                continue;
            }
            int high = i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
            int low = i + 2 < text.length() ? Character.digit(text.charAt(i + 2), 16) : -1;
            if (high < 0 || low < 0) {
                return null;
            }
            bytes.write(high << 4 | low);
            i += 2;
        }
        return bytes.toString(charset);
    }
}
