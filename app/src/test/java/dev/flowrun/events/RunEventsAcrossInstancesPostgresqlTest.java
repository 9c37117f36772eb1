package dev.flowrun.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.SseReader;
import dev.flowrun.support.SseReader.Event;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestPostgres;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Two instances on one PostgreSQL database: a stream on one follows what the other does. */
class RunEventsAcrossInstancesPostgresqlTest {
    @AutoClose
    TestApp working;
    @AutoClose
    TestApp streaming;
    @AutoClose
    FileServer files;

    @BeforeEach
    void start() {
        String url = TestPostgres.freshDatabase("events");
        working = TestApp.start(Map.of("FLOWRUN_DB_URL", url));
        streaming = TestApp.start(Map.of("FLOWRUN_DB_URL", url, "FLOWRUN_WORKERS", "1"));
        files = new FileServer().serve("/red.png", Images.pngDisc());
    }

    SseReader stream(long runId) {
        return SseReader.open(streaming.baseUrl() + "/workflows/runs/" + runId + "/events", TestApp.API_KEY, null);
    }

    @Test
    void aStreamOnOneInstanceGetsEveryEventOfARunWorkedOnByBoth() {
        long workflowId = Runs.template(working, "Remove background");
        long runId = Runs.create(working, workflowId, IntStream.range(0, 6).mapToObj(i -> files.url("/red.png")).toList());
        try (SseReader reader = stream(runId)) {
            List<Event> events = reader.rest();
            assertThat(reader.ended()).isTrue();
            Event last = events.get(events.size() - 1);
            assertThat(last.data().path("status").asText()).isEqualTo("completed");
            long itemEvents = events.stream().filter(e -> e.name().equals("item")).count();
            // The first event may already count some items; every later one is there.
            assertThat(itemEvents).isEqualTo(6 - events.get(0).data().path("completedItems").asInt());
        }
    }

    @Test
    void aCancelOnOneInstanceReachesAStreamOnTheOtherWithinASecond() {
        long workflowId = Runs.template(working, "Remove background");
        long runId = Runs.create(working, workflowId,
                IntStream.range(0, 4).mapToObj(i -> files.heldUrl("/red.png")).toList());
        Await.until("items downloading", Duration.ofSeconds(10), () -> files.heldRequests() >= 2);
        try (SseReader reader = stream(runId)) {
            assertThat(reader.next().data().path("status").asText()).isEqualTo("running");
            long cancelled = System.nanoTime();
            assertThat(working.post("/workflows/runs/" + runId + "/cancel", null).json().path("ok").asBoolean())
                    .isTrue();
            List<Event> events = reader.rest();
            Duration took = Duration.ofNanos(System.nanoTime() - cancelled);
            assertThat(events.get(events.size() - 1).data().path("status").asText()).isEqualTo("cancelled");
            assertThat(took).isLessThan(Duration.ofSeconds(1));
        } finally {
            files.release();
        }
    }
}
