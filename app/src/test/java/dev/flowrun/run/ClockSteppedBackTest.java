package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestClock;
import dev.flowrun.support.TestWorkflow;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The wall clock stepped back three hours while a run's items are downloading (and before its last item starts):
 * within the run and each item, createdAt ≤ startedAt ≤ finishedAt all the same, items lie within their run, and
 * each node state ends no earlier than it started.
 */
class ClockSteppedBackTest {
    static final TestClock clock = new TestClock();
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of("FLOWRUN_WORKERS", "2"), clock);
    @AutoClose
    final FileServer files = new FileServer().serve("/disc.png", Images.pngDisc());

    @Test
    void aRunAndItsItemsNeverGoBackInTimeWhenTheClockIsSteppedBack() {
        long workflow = TestWorkflow.passThrough().create(app);
        long runId = Runs.create(app, workflow, List.of(files.heldUrl("/disc.png"), files.heldUrl("/disc.png"),
                files.heldUrl("/disc.png")));
        Await.until("two items downloading", Duration.ofSeconds(30), () -> files.heldRequests() == 2);
        clock.advance(Duration.ofHours(-3));
        files.release();
        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");

        Instant created = at(run, "createdAt");
        Instant finished = at(run, "finishedAt");
        assertThat(created).as(run.toString()).isBeforeOrEqualTo(at(run, "startedAt"));
        assertThat(at(run, "startedAt")).isBeforeOrEqualTo(finished);
        for (JsonNode item : run.path("items")) {
            assertThat(at(item, "startedAt")).as(item.toString()).isAfterOrEqualTo(created)
                    .isBeforeOrEqualTo(at(item, "finishedAt"));
            assertThat(at(item, "finishedAt")).as("within its run").isBeforeOrEqualTo(finished);
            JsonNode detail = app.get("/workflows/runs/" + runId + "/items/" + item.path("id").asLong()).json();
            for (JsonNode state : detail.path("item").path("nodeStates")) {
                assertThat(at(state, "startedAt")).as(state.toString()).isBeforeOrEqualTo(at(state, "finishedAt"));
            }
        }
    }

    private static Instant at(JsonNode node, String field) {
        return Instant.parse(node.path(field).asText());
    }
}
