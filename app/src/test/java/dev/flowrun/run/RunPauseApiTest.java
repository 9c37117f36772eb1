package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.SseReader;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import okhttp3.Request;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pause, resume and priority through the API (contract, Runs): downloads held by the file server keep two items
 * running while the run is paused.
 */
class RunPauseApiTest {
    @RegisterExtension
    final TestApp app = TestApp.forEachTest(Map.of("FLOWRUN_WORKERS", "2"));
    @AutoClose
    final FileServer files = new FileServer().serve("/red.png", Images.pngDisc());

    long createHeldRun(int items, String priority) {
        String list = IntStream.range(0, items)
                .mapToObj(i -> "{\"url\": \"" + files.heldUrl("/red.png") + "\", \"name\": \"red-" + i + ".png\"}")
                .collect(Collectors.joining(","));
        Reply reply = app.post("/workflows/" + Runs.template(app, "Remove background") + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + list + "]}}"
                        + (priority == null ? "" : ", \"priority\": \"" + priority + "\"") + "}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json().path("id").asLong();
    }

    JsonNode run(long id) {
        return app.get("/workflows/runs/" + id + "?pageSize=100").json();
    }

    Reply post(String path) {
        return app.post(path, null);
    }

    @Test
    void aPausedRunStartsNoItemItsRunningOnesFinishAndCountAndResumeFinishesIt() {
        long runId = createHeldRun(5, null);
        Await.until("two items downloading", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
        SseReader events = SseReader.open(app.baseUrl() + "/workflows/runs/" + runId + "/events", TestApp.API_KEY,
                null);
        assertThat(events.next().data().path("paused").asBoolean()).as("not paused yet").isFalse();

        Reply pause = post("/workflows/runs/" + runId + "/pause");
        assertThat(pause.status()).isEqualTo(200);
        assertThat(pause.json().toString()).isEqualTo("{\"ok\":true}");
        JsonNode paused = run(runId);
        assertThat(paused.path("paused").asBoolean()).isTrue();
        assertThat(paused.path("pausedAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(paused.path("status").asText()).as("the status stays").isEqualTo("running");
        assertThat(post("/workflows/runs/" + runId + "/pause").json().toString()).isEqualTo("{\"ok\":false}");
        assertThat(app.get("/workflows/runs?paused=true").json().path("items")).extracting(r -> r.path("id").asLong())
                .containsExactly(runId);
        assertThat(app.get("/workflows/runs?paused=false").json().path("items")).isEmpty();
        SseReader.Event pauseEvent = events.next();
        assertThat(pauseEvent.name()).isEqualTo("run");
        assertThat(pauseEvent.data().path("paused").asBoolean()).isTrue();

        files.release();
        Await.until("the two running items counted", Duration.ofSeconds(30),
                () -> run(runId).path("completedItems").asInt() == 2);
        JsonNode afterwards = run(runId);
        assertThat(afterwards.path("items")).extracting(item -> item.path("status").asText())
                .as("no further item started").containsExactly("completed", "completed", "queued", "queued", "queued");

        Reply resume = post("/workflows/runs/" + runId + "/resume");
        assertThat(resume.json().toString()).isEqualTo("{\"ok\":true}");
        assertThat(post("/workflows/runs/" + runId + "/resume").json().toString()).isEqualTo("{\"ok\":false}");
        JsonNode done = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        assertThat(done.path("status").asText()).isEqualTo("completed");
        assertThat(done.path("completedItems").asInt()).isEqualTo(5);
        assertThat(done.path("paused").asBoolean()).isFalse();
        assertThat(done.path("pausedAt").isNull()).isTrue();
        assertThat(post("/workflows/runs/" + runId + "/pause").json().toString())
                .as("a terminal run is not paused").isEqualTo("{\"ok\":false}");
        boolean resumedEventSeen = false;
        for (SseReader.Event event : events.rest()) {
            resumedEventSeen |= event.name().equals("run") && !event.data().path("paused").asBoolean()
                    && event.data().path("status").asText().equals("running");
        }
        assertThat(resumedEventSeen).as("a run event for the resume, paused false").isTrue();
        events.close();
    }

    @Test
    void aPauseSurvivesARestartAndACancelEndsAPausedRun() {
        long runId = createHeldRun(3, null);
        Await.until("two items downloading", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
        assertThat(post("/workflows/runs/" + runId + "/pause").json().path("ok").asBoolean()).isTrue();
        app.restart(Duration.ofSeconds(1));
        files.release();
        JsonNode afterRestart = run(runId);
        assertThat(afterRestart.path("paused").asBoolean()).isTrue();
        Await.until("items that were running queued again, held", Duration.ofSeconds(30), () -> {
            boolean allQueued = true;
            for (JsonNode item : run(runId).path("items")) {
                allQueued &= item.path("status").asText().equals("queued");
            }
            return allQueued;
        });
        assertThat(run(runId).path("startedAt").isNull()).isFalse();

        Reply cancel = post("/workflows/runs/" + runId + "/cancel");
        assertThat(cancel.json().toString()).isEqualTo("{\"ok\":true}");
        JsonNode cancelled = run(runId);
        assertThat(cancelled.path("status").asText()).isEqualTo("cancelled");
        assertThat(cancelled.path("paused").asBoolean()).isFalse();
        assertThat(post("/workflows/runs/" + runId + "/resume").json().toString()).isEqualTo("{\"ok\":false}");
        assertThat(post("/workflows/runs/999999/pause").status()).isEqualTo(404);
    }

    @Test
    void priorityIsTakenFromJsonAndMultipartShownAndFiltered() {
        files.release();
        long high = createHeldRun(1, "high");
        assertThat(run(high).path("priority").asText()).isEqualTo("high");
        long workflow = Runs.template(app, "Remove background");
        Reply form = app.call(new Request.Builder().url(app.baseUrl() + "/workflows/" + workflow + "/runs")
                .header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(new FormBody().file("file", "a.png", Images.pngDisc()).text("priority", "low").requestBody())
                .build());
        assertThat(form.status()).as(form.toString()).isEqualTo(200);
        assertThat(form.json().path("priority").asText()).isEqualTo("low");
        long normal = createHeldRun(1, null);
        assertThat(run(normal).path("priority").asText()).isEqualTo("normal");
        assertThat(app.get("/workflows/runs?priority=high").json().path("items"))
                .extracting(r -> r.path("id").asLong()).containsExactly(high);

        Reply bad = app.post("/workflows/" + workflow + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                + files.url("/red.png") + "\"}]}}, \"priority\": \"urgent\"}");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("error").path("field").asText()).isEqualTo("priority");
        assertThat(app.get("/workflows/runs?priority=urgent").status()).isEqualTo(400);
        assertThat(app.get("/workflows/runs?paused=maybe").status()).isEqualTo(400);
    }
}
