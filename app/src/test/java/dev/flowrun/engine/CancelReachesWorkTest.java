package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A cancel reaches an item while its node computes, and so does the item's time limit: the node stops at its next
 * check and the one worker is free for the next run at once, where it used to stay with work nobody wanted.
 */
class CancelReachesWorkTest {
    private static final String SPIN = "{\"id\": \"middle\", \"type\": \"spin\"}";

    @Test
    void aCancelledRunsRunningItemStopsAndItsWorkerTakesTheNextRun() {
        SpinNodeType spin = new SpinNodeType();
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1"), spin.withStandardTypes());
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long endless = Runs.create(app, Runs.linear(app, SPIN), List.of(files.url("/red.png")));
            Await.until("the item to be computing", Duration.ofSeconds(30), () -> spin.spinning() == 1);

            assertThat(app.post("/workflows/runs/" + endless + "/cancel", null).json().path("ok").asBoolean()).isTrue();
            long next = Runs.create(app, Runs.template(app, "Remove background"), List.of(files.url("/red.png")));

            // The only worker was inside a node that never ends by itself: the next run completing shows it left.
            JsonNode done = Runs.awaitEnd(app, next, Duration.ofSeconds(30));
            assertThat(done.path("status").asText()).isEqualTo("completed");
            assertThat(spin.spinning()).isZero();
            JsonNode cancelled = Runs.get(app, endless);
            assertThat(cancelled.path("status").asText()).isEqualTo("cancelled");
            assertThat(cancelled.path("items").get(0).path("status").asText()).isEqualTo("cancelled");
            assertThat(cancelled.path("items").get(0).path("outputs")).isEmpty();
        }
    }

    @Test
    void anItemPastItsTimeLimitFailsAndItsWorkerTakesTheNextRun() {
        SpinNodeType spin = new SpinNodeType();
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1", "FLOWRUN_ITEM_TIMEOUT", "1s"),
                spin.withStandardTypes());
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long endless = Runs.create(app, Runs.linear(app, SPIN), List.of(files.url("/red.png")));
            long next = Runs.create(app, Runs.template(app, "Remove background"), List.of(files.url("/red.png")));

            JsonNode failed = Runs.awaitEnd(app, endless, Duration.ofSeconds(30));
            assertThat(failed.path("status").asText()).isEqualTo("failed");
            JsonNode item = failed.path("items").get(0);
            assertThat(item.path("error").path("code").asText()).isEqualTo("node_failed");
            assertThat(item.path("error").path("message").asText()).contains("'middle' (spin)")
                    .contains("time limit of 1s");
            JsonNode detail = app.get("/workflows/runs/" + endless + "/items/" + item.path("id").asLong()).json();
            Map<String, String> states = new TreeMap<>();
            detail.path("item").path("nodeStates").forEach(s -> states.put(s.path("nodeId").asText(), s.path("status").asText()));
            assertThat(states).isEqualTo(Map.of("in", "completed", "middle", "failed", "out", "skipped"));

            // Ended at all is the point (the worker is free again): with a limit this short, a loaded machine may
            // fail even this small item on time.
            Runs.awaitEnd(app, next, Duration.ofSeconds(30));
        }
    }
}
