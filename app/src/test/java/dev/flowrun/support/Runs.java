package dev.flowrun.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Creating runs over URLs and waiting for them, through the API. */
public final class Runs {
    public static final List<String> TERMINAL = List.of("completed", "partial", "failed", "cancelled");

    private Runs() {
    }

    public static long template(TestApp app, String name) {
        for (JsonNode workflow : app.get("/workflows").json()) {
            if (workflow.path("name").asText().equals(name)) {
                return workflow.path("id").asLong();
            }
        }
        throw new AssertionError("no template named " + name);
    }

    /** A workflow {@code in → <middle> → out}, {@code middle} being the JSON of one node with the id "middle". */
    public static long linear(TestApp app, String middle) {
        return TestWorkflow.through(middle).create(app);
    }

    public static long create(TestApp app, long workflowId, List<String> urls) {
        List<String> files = urls.stream().map(url -> "{\"url\": \"" + url + "\"}").toList();
        Reply created = app.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + String.join(",", files) + "]}}}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return created.json().path("id").asLong();
    }

    public static JsonNode get(TestApp app, long runId) {
        return app.get("/workflows/runs/" + runId + "?pageSize=100").json();
    }

    public static JsonNode awaitEnd(TestApp app, long runId, Duration within) {
        return Await.until("run " + runId + " to end", within, () -> get(app, runId),
                run -> TERMINAL.contains(run.path("status").asText()));
    }

    /** The run's items by the file name of their (first) input. */
    public static Map<String, JsonNode> itemsByName(JsonNode run) {
        Map<String, JsonNode> byName = new TreeMap<>();
        run.path("items").forEach(item -> byName.put(item.path("uploadInputs").elements().next().path("fileName")
                .asText(), item));
        return byName;
    }
}
