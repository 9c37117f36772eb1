package dev.flowrun.input;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.CountingServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The outbound guard through the API: a run whose inputs point at this machine fails every item with
 * download_failed naming the rule, and not one connection reaches the server listening there. With
 * FLOWRUN_ALLOW_PRIVATE_NETWORKS=true the same run downloads from it.
 */
class GuardedDownloadsTest {
    @AutoClose
    static CountingServer server;

    @BeforeAll
    static void start() {
        server = new CountingServer(Images.pngDisc());
    }

    /** An input URL and the rule the guard names when it refuses it. */
    record Vector(String url, String refusal) {
    }

    /** Input URLs by name, each reaching the local server when nothing stops it, and the rule that refuses it. */
    static Map<String, Vector> vectors() {
        Map<String, Vector> vectors = new LinkedHashMap<>();
        vectors.put("loopback.png", local("127.0.0.1", "refused: 127.0.0.1 is a loopback address (127.0.0.0/8)"));
        vectors.put("localhost.png", local("localhost", "refused: localhost resolves to "));
        vectors.put("ipv6.png", local("[::1]", "refused: ::1 is the loopback address (::1/128)"));
        vectors.put("mapped.png", local("[::ffff:127.0.0.1]", "refused: 127.0.0.1 is a loopback address (127.0.0.0/8)"));
        vectors.put("unspecified.png", local("0.0.0.0", "refused: 0.0.0.0 is the unspecified address (0.0.0.0/32)"));
        return vectors;
    }

    /**
     * Refused in both modes: parsers disagree about what these hosts mean. ({@code 127.1} and {@code 0x7f.1} do not
     * get this far: the create request already refuses them as URLs without a host.)
     */
    static Map<String, Vector> nonCanonical() {
        Map<String, Vector> vectors = new LinkedHashMap<>();
        Map.of("decimal.png", "2130706433", "octal.png", "0177.0.0.1", "hex.png", "0x7f000001").forEach((name, host) ->
                vectors.put(name, local(host, "refused: '" + host + "' is a numeric host in a non-canonical form")));
        return vectors;
    }

    private static Vector local(String host, String refusal) {
        return new Vector("http://" + host + ":" + server.port() + "/a.png", refusal);
    }

    @Test
    void withTheGuardOnNoItemReachesThisMachine() {
        Map<String, Vector> vectors = new LinkedHashMap<>(vectors());
        vectors.putAll(nonCanonical());
        vectors.put("metadata.png", new Vector("http://169.254.169.254/latest/meta-data/iam",
                "refused: 169.254.169.254 is a link-local address (169.254.0.0/16)"));
        vectors.put("private.png", new Vector("http://10.0.0.5/a.png",
                "refused: 10.0.0.5 is a private address (10.0.0.0/8)"));
        int before = server.connections();
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "false"))) {
            JsonNode run = runToEnd(app, vectors);
            assertThat(run.path("status").asText()).isEqualTo("failed");
            Map<String, JsonNode> items = byName(run);
            vectors.forEach((name, vector) -> {
                JsonNode error = items.get(name).path("error");
                assertThat(error.path("code").asText()).as(name).isEqualTo("download_failed");
                assertThat(error.path("message").asText()).as(name).startsWith("GET " + vector.url() + ": " + vector.refusal());
            });
        }
        assertThat(server.connections()).as("connections that reached this machine's server").isEqualTo(before);
    }

    @Test
    void allowingPrivateNetworksDownloadsFromTheSameUrls() {
        int before = server.connections();
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true"))) {
            Map<String, Vector> vectors = new LinkedHashMap<>(vectors());
            vectors.putAll(nonCanonical());
            Map<String, JsonNode> items = byName(runToEnd(app, vectors));
            vectors().keySet().forEach(name ->
                    assertThat(items.get(name).path("status").asText()).as(name).isEqualTo("completed"));
            nonCanonical().forEach((name, vector) -> assertThat(items.get(name).path("error").path("message").asText())
                    .as(name).contains(vector.refusal()));
        }
        assertThat(server.connections() - before).isEqualTo(vectors().size());
    }

    private static JsonNode runToEnd(TestApp app, Map<String, Vector> vectors) {
        long workflowId = app.get("/workflows").json().get(0).path("id").asLong();
        List<String> files = vectors.entrySet().stream()
                .map(e -> "{\"url\": \"" + e.getValue().url() + "\", \"name\": \"" + e.getKey() + "\"}").toList();
        Reply created = app.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + String.join(",", files) + "]}}}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        long runId = created.json().path("id").asLong();
        return Await.until("run " + runId + " to end", Duration.ofSeconds(30),
                () -> app.get("/workflows/runs/" + runId + "?pageSize=100").json(),
                run -> List.of("completed", "partial", "failed").contains(run.path("status").asText()));
    }

    private static Map<String, JsonNode> byName(JsonNode run) {
        Map<String, JsonNode> items = new TreeMap<>();
        run.path("items").forEach(item ->
                items.put(item.path("uploadInputs").elements().next().path("fileName").asText(), item));
        return items;
    }
}
