package dev.flowrun.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.error.InvalidJson;
import java.util.Iterator;
import java.util.Map;

/**
 * Refuses what the JSON grammar lets through but nothing downstream can hold (RFC 7493, I-JSON): a string with a
 * lone UTF-16 surrogate ({@code "\ud800"}, not a character at all: it cannot be written as UTF-8, so a file or
 * archive named with it fails much later), and numbers too large for a double ({@code 1e400}, which would be
 * stored as Infinity and read back as a string), and the NUL character U+0000 (PostgreSQL's text types cannot
 * hold it: a name with one would fail only when stored, as a 500). Keys need no check: Jackson refuses lone
 * surrogates in them, and keys reach the database only inside JSON text, where a NUL is written escaped.
 */
final class JsonTextCheck {
    private JsonTextCheck() {
    }

    /** The body's parsing depth is already capped (the mapper's nesting limit), so recursion is bounded. */
    static void check(JsonNode node) {
        check(node, "");
    }

    private static void check(JsonNode node, String path) {
        if (node.isTextual()) {
            requireCharacters(node.textValue(), path);
        } else if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
            throw new InvalidJson("the number at " + where(path) + " is too large to represent");
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                check(node.get(i), path + "[" + i + "]");
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                check(field.getValue(), path.isEmpty() ? field.getKey() : path + "." + field.getKey());
            }
        }
    }

    private static void requireCharacters(String text, String path) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new InvalidJson("the text at " + where(path) + " holds a lone surrogate (\\u"
                        + Integer.toHexString(c) + "), which is not a Unicode character");
            } else if (c == '\0') {
                throw new InvalidJson("the text at " + where(path) + " holds a NUL character (\\u0000), which"
                        + " no stored text can hold");
            }
        }
    }

    /** The path as a person reads it, e.g. {@code 'inputs.in.files[0].name'}. */
    private static String where(String path) {
        if (path.isEmpty()) {
            return "the top level";
        }
        return "'" + (path.length() <= 200 ? path : path.substring(0, 200) + "…") + "'";
    }
}
