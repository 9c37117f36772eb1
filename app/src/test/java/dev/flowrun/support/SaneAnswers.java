package dev.flowrun.support;

import static dev.flowrun.support.ApiAssertions.assertError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects every answer that breaks the rule of README, Limits ("no request, however malformed, gets a 500 or a non-JSON error
 * body") so one test run lists all of them, not only the first.
 */
public final class SaneAnswers {
    private static final Map<Integer, Set<String>> CODES = Map.of(
            400, Set.of("invalid_json", "invalid_request", "invalid_workflow"),
            401, Set.of("unauthorized"),
            403, Set.of("forbidden"),
            404, Set.of("not_found"),
            413, Set.of("payload_too_large"),
            // Jetty's own refusals (a request line or header block too long, an HTTP/2 preface), in the API's error JSON.
            414, Set.of("invalid_request"),
            416, Set.of("range_not_satisfiable"),
            // Past the limit of failed credentials from one address.
            429, Set.of("rate_limited"),
            426, Set.of("invalid_request"),
            431, Set.of("invalid_request"));
    private final List<String> problems = new ArrayList<>();
    private int checked;

    /** A 2xx, or a 4xx carrying the API's error JSON with a code that fits the status. */
    public void check(String what, Reply reply) {
        checked++;
        int status = reply.status();
        if (status >= 200 && status < 300) {
            if (status != 204 && reply.json() == null && !isDashboardPage(reply)) {
                problems.add(what + " → " + status + " without a JSON body");
            }
            return;
        }
        Set<String> codes = CODES.get(status);
        if (codes == null || reply.errorCode() == null || !codes.contains(reply.errorCode())) {
            problems.add(what + " → " + shortened(reply.toString()));
            return;
        }
        try {
            assertError(reply, status, reply.errorCode());
        } catch (AssertionError e) {
            problems.add(what + " → " + shortened(e.getMessage()));
        }
    }

    /** The one answer that is not JSON: the dashboard's page at {@code /} (README, Dashboard), where {@code /x/..} leads. */
    private static boolean isDashboardPage(Reply reply) {
        return reply.header("Content-Type") != null && reply.header("Content-Type").startsWith("text/html")
                && new String(reply.bytes(), java.nio.charset.StandardCharsets.UTF_8)
                        .contains("<script type=\"module\" src=\"/dashboard/js/main.js\"></script>");
    }

    public void problem(String text) {
        problems.add(text);
    }

    public int checked() {
        return checked;
    }

    /** Fails listing every bad answer. */
    public void assertNone() {
        if (!problems.isEmpty()) {
            throw new AssertionError(problems.size() + " of " + checked + " answers break the API's rules:\n  "
                    + String.join("\n  ", problems.stream().limit(200).toList()));
        }
    }

    public static String shortened(String text) {
        String oneLine = text.replace('\n', ' ');
        return oneLine.length() <= 160 ? oneLine : oneLine.substring(0, 160) + "…(" + oneLine.length() + " chars)";
    }
}
