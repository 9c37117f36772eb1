package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.files.FileLayout;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Cancel and durability: runs held mid-download by the file server. */
class RunCancelAndRestartTest {
    @RegisterExtension
    final TestApp app = TestApp.forEachTest(Map.of("FLOWRUN_WORKERS", "2"));
    @AutoClose
    final FileServer files = new FileServer().serve("/red.png", Images.pngDisc());

    long createHeldRun(int items) {
        String list = IntStream.range(0, items)
                .mapToObj(i -> "{\"url\": \"" + files.heldUrl("/red.png") + "\", \"name\": \"red-" + i + ".png\"}")
                .collect(Collectors.joining(","));
        Reply reply = app.post("/workflows/" + Runs.template(app, "Remove background") + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + list + "]}}}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json().path("id").asLong();
    }

    JsonNode run(long id) {
        return app.get("/workflows/runs/" + id + "?pageSize=100").json();
    }

    static List<String> itemStatuses(JsonNode run) {
        List<String> statuses = new ArrayList<>();
        run.path("items").forEach(item -> statuses.add(item.path("status").asText()));
        return statuses;
    }

    @Test
    void cancelOfRunningRunCancelsAtOnceAndDiscardsItemsInFlight() {
        long runId = createHeldRun(5);
        Await.until("two items downloading", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
        assertThat(run(runId).path("status").asText()).isEqualTo("running");

        Reply cancel = app.post("/workflows/runs/" + runId + "/cancel", null);
        assertThat(cancel.status()).isEqualTo(200);
        assertThat(cancel.json().toString()).isEqualTo("{\"ok\":true}");
        JsonNode cancelled = run(runId);
        assertThat(cancelled.path("status").asText()).isEqualTo("cancelled");
        assertThat(cancelled.path("finishedAt").asText()).isNotEmpty();
        assertThat(itemStatuses(cancelled)).containsOnly("running", "cancelled").filteredOn("cancelled"::equals).hasSize(3);

        files.release();
        JsonNode settled = Await.until("items in flight to end", Duration.ofSeconds(10), () -> run(runId),
                r -> itemStatuses(r).stream().allMatch("cancelled"::equals));
        assertThat(settled.path("status").asText()).isEqualTo("cancelled");
        assertThat(settled.path("completedItems").asInt()).isZero();
        assertThat(settled.path("failedItems").asInt()).isZero();
        settled.path("items").forEach(item -> assertThat(item.path("outputs")).isEmpty());
        assertThat(settled.has("outputArchiveUrl")).isFalse();
    }

    @Test
    void cancelOfFinishedRunReturnsOkFalseAndChangesNothing() {
        files.release();
        long runId = createHeldRun(1);
        JsonNode done = Await.until("run to complete", Duration.ofSeconds(20), () -> run(runId),
                r -> r.path("status").asText().equals("completed"));

        Reply cancel = app.post("/workflows/runs/" + runId + "/cancel", null);
        assertThat(cancel.status()).isEqualTo(200);
        assertThat(cancel.json().toString()).isEqualTo("{\"ok\":false}");
        JsonNode after = run(runId);
        assertThat(after.path("status").asText()).isEqualTo("completed");
        assertThat(after.path("updatedAt")).isEqualTo(done.path("updatedAt"));
        assertThat(after.path("completedItems").asInt()).isEqualTo(1);
    }

    @Test
    void cancelKeepsCountsOfItemsThatFinishedBefore() {
        files.release();
        long runId = createHeldRun(1);
        Await.until("first run done", Duration.ofSeconds(20), () -> run(runId).path("status").asText().equals("completed"));
        files.hold();
        // A run whose first items finish, then the rest are held.
        String list = "{\"url\": \"" + files.url("/red.png") + "\"}, {\"url\": \"" + files.url("/missing.png") + "\"}, "
                + IntStream.range(0, 4).mapToObj(i -> "{\"url\": \"" + files.heldUrl("/red.png") + "\"}")
                .collect(Collectors.joining(","));
        long mixed = app.post("/workflows/" + Runs.template(app, "Remove background") + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + list + "]}}}").json().path("id").asLong();
        Await.until("two items counted", Duration.ofSeconds(20), () -> run(mixed),
                r -> r.path("completedItems").asInt() + r.path("failedItems").asInt() == 2);
        assertThat(app.post("/workflows/runs/" + mixed + "/cancel", null).json().path("ok").asBoolean()).isTrue();
        files.release();
        JsonNode settled = Await.until("cancel settles", Duration.ofSeconds(10), () -> run(mixed),
                r -> itemStatuses(r).stream().noneMatch(s -> s.equals("running") || s.equals("queued")));
        assertThat(settled.path("status").asText()).isEqualTo("cancelled");
        assertThat(settled.path("completedItems").asInt()).isEqualTo(1);
        assertThat(settled.path("failedItems").asInt()).isEqualTo(1);
        assertThat(settled.path("outputArchiveUrl").asText()).as("the completed item's output is kept").isNotEmpty();
        // The cancel's run-signal builds the archive in the background, as a finished run's end does.
        Await.until("the archive built before anyone asks", Duration.ofSeconds(20),
                () -> app.stores(FileLayout.outputArchive(mixed)));
    }

    @Test
    void runInterruptedByAStopResumesAfterRestartAndCompletes() {
        long runId = createHeldRun(4);
        Await.until("two items downloading", Duration.ofSeconds(10), () -> files.heldRequests() == 2);

        app.stopAbruptly();
        files.release();
        app.startAgain();

        JsonNode done = Await.until("run to complete after restart", Duration.ofSeconds(30), () -> run(runId),
                r -> r.path("status").asText().equals("completed"));
        assertThat(done.path("completedItems").asInt()).isEqualTo(4);
        assertThat(done.path("failedItems").asInt()).isZero();
        assertThat(itemStatuses(done)).containsOnly("completed");
        done.path("items").forEach(item -> assertThat(item.path("outputs")).hasSize(1));
        assertThat(app.fetch(done.path("outputArchiveUrl").asText()).status()).isEqualTo(200);
    }
}
