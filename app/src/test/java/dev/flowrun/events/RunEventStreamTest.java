package dev.flowrun.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.OpenApiCheck;
import dev.flowrun.support.Runs;
import dev.flowrun.support.SseReader;
import dev.flowrun.support.SseReader.Event;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code GET /workflows/runs/{runId}/events} read by a real client over HTTP. */
class RunEventStreamTest {
    static final OpenApiCheck API = new OpenApiCheck();
    @RegisterExtension
    final TestApp app = TestApp.forEachTest(Map.of("FLOWRUN_WORKERS", "2"));
    @AutoClose
    final FileServer files = new FileServer().serve("/red.png", Images.pngDisc());

    SseReader stream(long runId, String lastEventId) {
        SseReader reader = SseReader.open(app.baseUrl() + "/workflows/runs/" + runId + "/events", TestApp.API_KEY,
                lastEventId);
        assertThat(reader.response().code()).isEqualTo(200);
        assertThat(reader.response().header("Content-Type")).startsWith("text/event-stream");
        return reader;
    }

    long heldRun(int items) {
        List<String> urls = IntStream.range(0, items).mapToObj(i -> files.heldUrl("/red.png")).toList();
        return Runs.create(app, Runs.template(app, "Remove background"), urls);
    }

    @Test
    void streamStartsWithTheRunTellsEachItemInOrderAndEndsAfterTheTerminalRunEvent() {
        long runId = heldRun(3);
        try (SseReader reader = stream(runId, null)) {
            Event first = reader.next();
            assertThat(first.name()).isEqualTo("run");
            assertThat(first.data().path("runId").asLong()).isEqualTo(runId);
            assertThat(first.data().path("totalItems").asInt()).isEqualTo(3);
            assertThat(first.data().path("status").asText()).isIn("queued", "running");
            Await.until("two items downloading", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
            files.release();
            List<Event> events = new ArrayList<>(List.of(first));
            events.addAll(reader.rest());
            assertThat(reader.ended()).isTrue();

            for (int i = 1; i < events.size(); i++) {
                assertThat(events.get(i).idNumber()).as(events.toString()).isGreaterThan(events.get(i - 1).idNumber());
            }
            List<Event> items = events.stream().filter(e -> e.name().equals("item")).toList();
            assertThat(items).hasSize(3);
            assertThat(items).allSatisfy(e -> {
                assertThat(e.data().path("status").asText()).isEqualTo("completed");
                assertThat(e.data().path("totalItems").asInt()).isEqualTo(3);
            });
            assertThat(items.stream().map(e -> e.data().path("completedItems").asInt())).containsExactly(1, 2, 3);
            events.forEach(e -> API.assertValid(e.name().equals("item") ? "RunItemEvent" : "RunStateEvent",
                    e.data().toString()));
            Event last = events.get(events.size() - 1);
            assertThat(last.name()).isEqualTo("run");
            assertThat(last.data().toString()).isEqualTo("{\"runId\":" + runId
                    + ",\"status\":\"completed\",\"totalItems\":3,\"completedItems\":3,\"failedItems\":0,\"paused\":false}");
            assertThat(events.stream().filter(e -> e.name().equals("run"))
                    .map(e -> e.data().path("status").asText())).contains("running");
        }
    }

    @Test
    void terminalRunGivesItsStateAndEndsAtOnceAndReconnectGetsOnlyWhatItMissed() {
        long runId = Runs.create(app, Runs.template(app, "Remove background"),
                List.of(files.url("/red.png"), files.url("/red.png")));
        Runs.awaitEnd(app, runId, Duration.ofSeconds(30));
        List<Event> all;
        try (SseReader reader = stream(runId, null)) {
            all = reader.rest();
        }
        assertThat(all).hasSize(1);
        assertThat(all.get(0).name()).isEqualTo("run");
        assertThat(all.get(0).data().path("status").asText()).isEqualTo("completed");
        long lastId = all.get(0).idNumber();
        // running, two items, completed
        assertThat(lastId).isEqualTo(4);

        try (SseReader reader = stream(runId, "1")) {
            List<Event> missed = reader.rest();
            assertThat(missed.stream().map(Event::idNumber)).containsExactly(2L, 3L, 4L);
            assertThat(missed.stream().map(Event::name)).containsExactly("item", "item", "run");
        }
        try (SseReader reader = stream(runId, String.valueOf(lastId))) {
            assertThat(reader.rest()).isEmpty();
        }
        try (SseReader reader = stream(runId, "not a number")) {
            assertThat(reader.rest()).extracting(Event::idNumber).containsExactly(lastId);
        }
    }

    @Test
    void cancelTellsEachCancelledItemBeforeTheRunAndEnds() {
        long runId = heldRun(4);
        Await.until("two items downloading", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
        try (SseReader reader = stream(runId, null)) {
            assertThat(reader.next().data().path("status").asText()).isEqualTo("running");
            assertThat(app.post("/workflows/runs/" + runId + "/cancel", null).status()).isEqualTo(200);
            List<Event> events = reader.rest();
            assertThat(events.stream().map(e -> e.name() + " " + e.data().path("status").asText()))
                    .containsExactly("item cancelled", "item cancelled", "run cancelled");
        } finally {
            files.release();
        }
    }

    @Test
    void aQuietStreamGetsACommentLineWithinFifteenSeconds() {
        long runId = heldRun(2);
        // Both items claimed and held mid-download: nothing more happens to the run until they are released.
        Await.until("two items downloading", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
        try (SseReader reader = stream(runId, null)) {
            assertThat(reader.next().name()).isEqualTo("run");
            long opened = System.nanoTime();
            assertThat(reader.nextComment()).isEqualTo(": keep-alive");
            assertThat(Duration.ofNanos(System.nanoTime() - opened)).isLessThan(Duration.ofSeconds(15));
        } finally {
            files.release();
        }
    }

    @Test
    void anotherWorkspacesOrUnknownRunIsNotFoundAndNoKeyIsUnauthorized() {
        long runId = Runs.create(app, Runs.template(app, "Remove background"), List.of(files.url("/red.png")));
        assertThat(app.get("/workflows/runs/" + (runId + 1000) + "/events").status()).isEqualTo(404);
        assertThat(app.get("/workflows/runs/" + runId + "/events", null).status()).isEqualTo(401);
        assertThat(app.get("/workflows/runs/abc/events").status()).isEqualTo(404);
    }
}
