package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Node states are written in batches (issue 15), not one commit per change: a caller polling an item still sees a
 * long node running while it runs, and an item that ends has every node's final state with its outcome.
 */
class NodeStatesWhileRunningTest {

    @Test
    void aLongNodeIsSeenRunningWhileItRunsAndTheNodesBeforeItCompleted() {
        SpinNodeType spin = new SpinNodeType();
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1"), spin.withStandardTypes());
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long run = Runs.create(app, Runs.linear(app, "{\"id\": \"middle\", \"type\": \"spin\"}"),
                    List.of(files.url("/red.png")));
            Await.until("the item to be computing", Duration.ofSeconds(30), () -> spin.spinning() == 1);
            long item = Runs.get(app, run).path("items").get(0).path("id").asLong();

            // The node never ends by itself: what the caller sees can only have been written while it runs.
            Map<String, JsonNode> states = Await.until("the spinning node to be seen running", Duration.ofSeconds(10),
                    () -> states(app, run, item), seen -> seen.get("middle").path("status").asText().equals("running"));
            assertThat(states.get("in").path("status").asText()).isEqualTo("completed");
            assertThat(states.get("in").path("fileKeys")).hasSize(1);
            assertThat(states.get("in").path("finishedAt").isTextual()).isTrue();
            assertThat(states.get("middle").path("startedAt").isTextual()).isTrue();
            assertThat(states.get("middle").path("finishedAt").isNull()).isTrue();
            assertThat(states.get("out").path("status").asText()).isEqualTo("pending");

            app.post("/workflows/runs/" + run + "/cancel", null);
            Runs.awaitEnd(app, run, Duration.ofSeconds(30));
        }
    }

    @Test
    void anEndedItemHasEveryNodesFinalStateInOrderOfTime() {
        try (TestApp app = TestApp.start(Map.of());
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long run = Runs.create(app, Runs.template(app, "Remove background"), List.of(files.url("/red.png")));
            JsonNode ended = Runs.awaitEnd(app, run, Duration.ofSeconds(30));
            assertThat(ended.path("status").asText()).isEqualTo("completed");
            long item = ended.path("items").get(0).path("id").asLong();

            JsonNode detail = app.get("/workflows/runs/" + run + "/items/" + item).json().path("item");
            Instant previousEnd = Instant.EPOCH;
            for (JsonNode state : detail.path("nodeStates")) {
                assertThat(state.path("status").asText()).as(state.toString()).isEqualTo("completed");
                Instant started = Instant.parse(state.path("startedAt").asText());
                Instant finished = Instant.parse(state.path("finishedAt").asText());
                assertThat(started).as(state.toString()).isAfterOrEqualTo(previousEnd).isBeforeOrEqualTo(finished);
                previousEnd = finished;
            }
            assertThat(detail.path("nodeStates")).hasSizeGreaterThan(2);
            JsonNode last = detail.path("nodeStates").get(detail.path("nodeStates").size() - 1);
            assertThat(last.path("fileKeys")).hasSize(1);
            assertThat(last.path("fileUrls")).hasSize(1);
        }
    }

    private static Map<String, JsonNode> states(TestApp app, long run, long item) {
        Map<String, JsonNode> byNode = new HashMap<>();
        app.get("/workflows/runs/" + run + "/items/" + item).json().path("item").path("nodeStates")
                .forEach(state -> byNode.put(state.path("nodeId").asText(), state));
        return byNode;
    }
}
