package dev.flowrun.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HttpsReceiver;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Owed deliveries survive a restart, and no race gives a run two events. */
class WebhookDurabilityTest {
    HttpsReceiver receiver;
    FileServer files;

    @BeforeEach
    void start() {
        receiver = new HttpsReceiver();
        receiver.trustForNewClients();
        files = new FileServer().serve("/red.png", Images.pngDisc());
    }

    @AfterEach
    void stop() {
        files.close();
        receiver.close();
        HttpsReceiver.forgetTrust();
    }

    @Test
    void deliveryOwedAtARestartIsDeliveredAfterIt() {
        receiver.on("/hooks/owed", n -> HttpsReceiver.status(n == 1 ? 500 : 200));
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WEBHOOK_RETRY_DELAYS", "2s,2s,2s,2s,2s"))) {
            long workflowId = Runs.template(app, "Remove background");
            long runId = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                    + files.url("/red.png") + "\"}]}}, \"webhookUrl\": \"" + receiver.url("/hooks/owed") + "\"}")
                    .json().path("id").asLong();
            Await.until("first attempt to fail", Duration.ofSeconds(20),
                    () -> app.get("/workflows/runs/" + runId + "/webhook").json().path("attempts").size() == 1);
            app.stopAbruptly();
            assertThat(receiver.requests("/hooks/owed")).hasSize(1);
            app.startAgain();
            JsonNode state = Await.until("delivery after restart", Duration.ofSeconds(20),
                    () -> app.get("/workflows/runs/" + runId + "/webhook").json(),
                    s -> s.path("status").asText().equals("delivered"));
            assertThat(state.path("attempts")).hasSize(2);
            assertThat(receiver.requests("/hooks/owed")).hasSize(2);
        }
    }

    /**
     * An attempt and its delivery's new state commit together, but the status is read in two statements; what a
     * reader between them could meet (an attempt the delivery row does not count yet) is planted here, and the
     * status must show the delivery as its row has it, with its attempts and no other.
     */
    @Test
    void theStatusShowsOnlyTheAttemptsItsDeliveryRowCounts() throws Exception {
        receiver.on("/hooks/counted", n -> HttpsReceiver.status(200));
        try (TestApp app = TestApp.start(Map.of())) {
            long workflowId = Runs.template(app, "Remove background");
            long runId = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                    + files.url("/red.png") + "\"}]}}, \"webhookUrl\": \"" + receiver.url("/hooks/counted") + "\"}")
                    .json().path("id").asLong();
            Await.until("delivery", Duration.ofSeconds(20),
                    () -> app.get("/workflows/runs/" + runId + "/webhook").json().path("status").asText().equals("delivered"));
            app.stopAbruptly();
            try (Connection db = DriverManager.getConnection(app.dbUrl());
                 PreparedStatement plant = db.prepareStatement("""
                         INSERT INTO webhook_attempts (run_id, attempt, at, status_code, error, latency_ms)
                         VALUES (?, 2, CURRENT_TIMESTAMP, 500, NULL, 1)""")) {
                plant.setLong(1, runId);
                plant.executeUpdate();
            }
            app.startAgain();
            JsonNode state = app.get("/workflows/runs/" + runId + "/webhook").json();
            assertThat(state.path("status").asText()).isEqualTo("delivered");
            assertThat(state.path("attempts")).hasSize(1);
            assertThat(state.path("attempts").get(0).path("statusCode").asInt()).isEqualTo(200);
        }
    }

    @Test
    void cancelRacingTheLastItemNeverGivesTwoEvents() throws Exception {
        int runs = 25;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "2"))) {
            long workflowId = Runs.template(app, "Remove background");
            List<Long> runIds = new ArrayList<>();
            Map<Long, String> statusByRun = new HashMap<>();
            for (int i = 0; i < runs; i++) {
                files.hold();
                long runId = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                        + files.heldUrl("/red.png") + "\"}]}}, \"webhookUrl\": \"" + receiver.url("/hooks/race") + "\"}")
                        .json().path("id").asLong();
                int held = i + 1;
                Await.until("item of run " + runId + " downloading", Duration.ofSeconds(10),
                        () -> files.heldRequests() >= held);
                // Release the item and cancel twice, all at once: completion and the cancels race.
                var cancels = List.of(
                        CompletableFuture.supplyAsync(() -> app.post("/workflows/runs/" + runId + "/cancel", null), pool),
                        CompletableFuture.supplyAsync(() -> app.post("/workflows/runs/" + runId + "/cancel", null), pool));
                files.release();
                long oks = cancels.stream().map(CompletableFuture::join)
                        .filter(r -> r.json().path("ok").asBoolean()).count();
                assertThat(oks).as("at most one cancel wins").isLessThanOrEqualTo(1);
                runIds.add(runId);
            }
            for (long runId : runIds) {
                JsonNode state = Await.until("delivery of run " + runId, Duration.ofSeconds(20),
                        () -> app.get("/workflows/runs/" + runId + "/webhook").json(),
                        s -> s.path("status").asText().equals("delivered"));
                assertThat(state.path("attempts")).hasSize(1);
                statusByRun.put(runId, app.get("/workflows/runs/" + runId).json().path("status").asText());
            }
            Map<String, Integer> eventsByRun = new HashMap<>();
            for (RecordedRequest request : receiver.requests("/hooks/race")) {
                eventsByRun.merge(request.getHeaders().get("X-Service-Run-Id"), 1, Integer::sum);
                JsonNode body = TestApp.parse(request.getBody().utf8());
                assertThat(body.path("status").asText()).isEqualTo(statusByRun.get(body.path("runId").asLong()));
            }
            assertThat(eventsByRun).hasSize(runs);
            assertThat(eventsByRun.values()).containsOnly(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
