package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An item whose node throws an {@link Error} or leaves its thread interrupted fails with {@code node_failed}, and
 * the pool keeps every worker: afterwards, as many items as there are workers run at the same time.
 */
class PoisonItemsTest {
    static final int WORKERS = 2;
    static final PoisonNodeType POISON = new PoisonNodeType(WORKERS);
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of("FLOWRUN_WORKERS", Integer.toString(WORKERS)),
            POISON.withStandardTypes());
    @AutoClose
    static FileServer files;

    @BeforeAll
    static void start() {
        files = new FileServer().serve("/red.png", Images.pngDisc());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"oom", "stackOverflow", "error", "interrupt"})
    void poisonedItemsFailWithNodeFailedAndEveryWorkerSurvives(String kind) {
        long workflowId = workflow(kind);
        // One item per worker: the node's rendezvous makes sure every worker is hit at the same time.
        long runId = createRun(workflowId, files.url("/red.png"), WORKERS);
        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(30));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("failed");
        assertThat(run.path("failedItems").asInt()).isEqualTo(WORKERS);
        for (JsonNode item : run.path("items")) {
            assertThat(item.path("error").path("code").asText()).as(item.toString()).isEqualTo("node_failed");
            assertThat(item.path("error").path("message").asText()).as(item.toString()).contains("poison");
            JsonNode detail = app.get("/workflows/runs/" + run.path("id").asLong() + "/items/" + item.path("id").asLong())
                    .json().path("item");
            assertThat(states(detail)).as(detail.toString())
                    .isEqualTo(Map.of("in", "completed", "bad", "failed", "out", "skipped"));
        }

        // Every worker is still there: as many items as workers are held mid-download at once.
        files.hold();
        int before = files.heldRequests();
        long healthy = createRun(workflow(null), files.heldUrl("/red.png"), WORKERS);
        Await.until(WORKERS + " items downloading at once", Duration.ofSeconds(20),
                () -> files.heldRequests() - before == WORKERS);
        files.release();
        assertThat(Runs.awaitEnd(app, healthy, Duration.ofSeconds(30)).path("status").asText()).isEqualTo("completed");
    }

    private static long workflow(String poisonKind) {
        String middle = poisonKind == null ? "{\"id\": \"bad\", \"type\": \"grayscale\"}"
                : "{\"id\": \"bad\", \"type\": \"poison\", \"data\": {\"kind\": \"" + poisonKind + "\"}}";
        return TestWorkflow.named("poison").input("in").raw("bad", middle).output("out").chain().create(app);
    }

    private static long createRun(long workflowId, String url, int items) {
        String file = "{\"url\": \"" + url + "\"}";
        Reply created = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": ["
                + String.join(",", java.util.Collections.nCopies(items, file)) + "]}}}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return created.json().path("id").asLong();
    }

    private static Map<String, String> states(JsonNode item) {
        var states = new java.util.TreeMap<String, String>();
        item.path("nodeStates").forEach(s -> states.put(s.path("nodeId").asText(), s.path("status").asText()));
        return states;
    }
}
