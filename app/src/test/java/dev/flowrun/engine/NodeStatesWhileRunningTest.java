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
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;

/**
 * Node states are written in batches, not one commit per change: a caller polling an item still sees a
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
    void anItemRunAgainShowsNoneOfAnEarlierAttemptsNodeStates() {
        SpinNodeType spin = new SpinNodeType();
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1"), spin.withStandardTypes());
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long workflow = Runs.linear(app, "{\"id\": \"middle\", \"type\": \"spin\"}");
            long first = Runs.create(app, workflow, List.of(files.url("/red.png")));
            Await.until("the one worker to be held by the first run", Duration.ofSeconds(30), () -> spin.spinning() == 1);
            long second = Runs.create(app, workflow, List.of(files.url("/red.png")));
            JsonNode waiting = Runs.get(app, second).path("items").get(0);
            assertThat(waiting.path("status").asText()).isEqualTo("queued");
            long item = waiting.path("id").asLong();
            // What an attempt that got as far as the output leaves when its instance is taken over and the item
            // queued again: the next attempt must not show it while it has not reached that node itself.
            Jdbi.create(app.dbUrl()).useHandle(handle -> handle.createUpdate("""
                    INSERT INTO node_states (item_id, node_id, status, file_keys, started_at, finished_at)
                    VALUES (:itemId, 'out', 'completed', '["runs/0/out/0/out/red.png"]', CURRENT_TIMESTAMP,
                            CURRENT_TIMESTAMP)""").bind("itemId", item).execute());

            app.post("/workflows/runs/" + first + "/cancel", null);
            Map<String, JsonNode> states = Await.until("the second run's item to be computing",
                    Duration.ofSeconds(30), () -> states(app, second, item),
                    seen -> seen.get("middle").path("status").asText().equals("running"));
            assertThat(states.get("in").path("status").asText()).isEqualTo("completed");
            assertThat(states.get("out").path("status").asText()).isEqualTo("pending");
            assertThat(states.get("out").path("fileKeys")).isEmpty();
            assertThat(states.get("out").path("finishedAt").isNull()).isTrue();

            app.post("/workflows/runs/" + second + "/cancel", null);
            Runs.awaitEnd(app, second, Duration.ofSeconds(30));
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
