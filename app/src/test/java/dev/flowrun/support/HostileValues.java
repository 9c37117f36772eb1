package dev.flowrun.support;

import java.util.List;

/** What a hostile caller puts where a value is expected, as JSON text: wrong types, extremes, odd unicode. */
public final class HostileValues {
    /** Deeper than the parser's nesting limit. */
    public static final String DEEP = "[".repeat(5_000) + "]".repeat(5_000);
    /** A million characters: with the rest of a body it stays under the 1 MiB limit, so it is read and judged. */
    public static final String MEGA_STRING = "\"" + "x".repeat(1_000_000) + "\"";

    /** Values for any JSON field. */
    public static final List<String> VALUES = List.of(
            "null", "true", "false", "0", "-1", "-0", "1.5", "1e400", "-1e400", "1e-400", "99999999999999999999",
            "-99999999999999999999", "123456789012345678901234567890.123456789", "\"\"", "\"  \"", "\"x\"",
            "\"\\u0000\"", "\"a\\u0000b\"", "\"\\ud800\"", "\"\\udfff\"", "\"a\\ud83d\"", "\"\\udc00\\ud800\"",
            "\"\\u202e\\u0645\\u0631\\u062d\\u0628\\u0627\\u202c\"", "\"😀🎉\"", "\"\\ufeff\\uffff\\ufffe\"",
            "\"e\\u0301\\u0301\\u0301\"", "\"\\r\\n\\t\\b\\f\"", "\"../../etc/passwd\"", "\"<script>alert(1)</script>\"",
            "\"' OR '1'='1\"", "\"%s%n%x\"", "[]", "{}", "[null]", "{\"\": null}", "[[[[[[[[[[1]]]]]]]]]]",
            "[" + "0,".repeat(50_000) + "0]", MEGA_STRING, DEEP);

    /** Values for URL fields, on top of {@link #VALUES}. */
    public static final List<String> URLS = List.of(
            "\"http://\"", "\"http://[::1\"", "\"http://a b/\"", "\"javascript:alert(1)\"", "\"file:///etc/passwd\"",
            "\"http://exa\\u0000mple.com/a.png\"", "\"http://%zz/\"", "\"http://[fe80::1%25eth0]/a.png\"",
            "\"https://" + "a".repeat(5_000) + ".example/\"", "\"http://127.0.0.1:99999/\"", "\"http:/x\"",
            "\"http://user:pass@example.com/a.png\"", "\"HTTP://EXAMPLE.COM/A.PNG\"", "\"ftp://example.com/a.png\"",
            "\"https://example.com/\\ud800.png\"", "\"https://example.com/%ED%A0%80.png\"", "\"//example.com/a.png\"",
            "\"http://0x7f.1/a.png\"", "\"http://2130706433/a.png\"", "\"http://[::ffff:127.0.0.1]/a.png\"");

    /** Object keys (JSON text, quoted). */
    public static final List<String> KEYS = List.of(
            "\"\"", "\"\\u0000\"", "\"\\ud800\"", "\"😀\"", "\"\\u202e\"", "\"" + "k".repeat(100_000) + "\"",
            "\"__proto__\"", "\"constructor\"");

    /** Bodies that are not JSON, or not one JSON value, as raw text. */
    public static final List<String> MALFORMED = List.of(
            "{", "}", "[", "\"", "{\"a\":}", "{\"a\" 1}", "{\"a\":1,}", "{,}", "{'a':1}", "{a:1}", "nul", "tru",
            "{\"a\":NaN}", "{\"a\":Infinity}", "{\"a\":-Infinity}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}",
            "{\"a\":-}", "{\"a\":+1}", "{\"a\":0x10}", "{\"a\":\"\\x41\"}", "{\"a\":\"\\u12\"}", "{\"a\":\"\\ud800\\u\"}",
            "{\"a\":\"unterminated}", "{\"a\":\"tab\there\"}", "{\"a\":\"nl\nhere\"}", "/* c */ {}", "// c\n{}",
            "{} {}", "{}}", "{}]", "\u0000", "{\u0000}", "{\"a\":1}\u0000", "\"\\ud800\"", "[" + "1,".repeat(10),
            "{\"a\":[1,2}", "{\"a\":{\"b\":1]}", "{\"a\":1 \"b\":2}", DEEP, "{\"a\":" + DEEP + "}");

    private HostileValues() {
    }
}
