package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.awt.Color;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * One input feeding as many outputs as a graph may have (199, with the input, the node limit of 200): the item ends
 * in one go, each output once, with no attempt run again for its size.
 */
class ManyOutputsTest {
    private static final int OUTPUTS = 199;

    @Test
    void oneInputFeeding199OutputsEndsCompletedWithEachOutputOnce() {
        TestWorkflow workflow = TestWorkflow.named("fan out").input("in");
        for (int i = 1; i <= OUTPUTS; i++) {
            workflow.output("out" + i, "{\"format\": \"" + (i % 2 == 0 ? "png" : "jpeg") + "\"}").edge("in", "out" + i);
        }
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1"));
             FileServer files = new FileServer().serve("/red.png",
                     Images.encode(Images.disc(48, 32, Color.WHITE, Color.RED), "png"))) {
            long run = Runs.create(app, workflow.create(app), List.of(files.url("/red.png")));
            JsonNode ended = Runs.awaitEnd(app, run, Duration.ofSeconds(120));

            assertThat(ended.path("status").asText()).as(ended.toString()).isEqualTo("completed");
            JsonNode item = ended.path("items").get(0);
            assertThat(files.requests("/red.png")).as("its input fetched once: not run again").isEqualTo(1);
            JsonNode outputs = item.path("outputs");
            assertThat(outputs).hasSize(OUTPUTS);
            Set<String> keys = new HashSet<>();
            outputs.forEach(output -> keys.add(output.path("key").asText()));
            assertThat(keys).hasSize(OUTPUTS);
            assertThat(outputs.get(0).path("key").asText()).as("in the graph's order").contains("/out1/");
            assertThat(app.fetch(outputs.get(OUTPUTS - 1).path("url").asText()).status()).isEqualTo(200);
            JsonNode states = app.get("/workflows/runs/" + run + "/items/" + item.path("id").asLong()).json()
                    .path("item").path("nodeStates");
            assertThat(states).hasSize(OUTPUTS + 1);
            states.forEach(state -> assertThat(state.path("status").asText()).isEqualTo("completed"));
        }
    }
}
