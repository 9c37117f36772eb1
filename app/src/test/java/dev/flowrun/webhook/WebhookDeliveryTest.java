package dev.flowrun.webhook;

import static dev.flowrun.support.ApiAssertions.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HttpsReceiver;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Webhook delivery (README, Webhooks) against a real HTTPS receiver. */
class WebhookDeliveryTest {
    /** Made, and so trusted, before the app (an extension) starts. */
    @AutoClose
    static final HttpsReceiver receiver = HttpsReceiver.trusted();
    @AutoClose
    static final FileServer files = new FileServer().serve("/red.png", Images.pngDisc());
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of("FLOWRUN_WEBHOOK_RETRY_DELAYS", "100ms,100ms,100ms,100ms,100ms",
            "FLOWRUN_WEBHOOK_TIMEOUT", "1s"));
    static long workflowId;

    @BeforeAll
    static void start() {
        workflowId = Runs.template(app, "Remove background");
    }

    static long createRun(TestApp app, String webhookPath, String... urls) {
        var files = new StringBuilder();
        for (String url : urls) {
            files.append(files.length() == 0 ? "" : ",").append("{\"url\": \"").append(url).append("\"}");
        }
        Reply reply = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [" + files
                + "]}}, \"webhookUrl\": \"" + receiver.url(webhookPath) + "\"}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json().path("id").asLong();
    }

    static JsonNode webhookState(TestApp app, long runId, String status) {
        return Await.until("webhook of run " + runId + " to be " + status, Duration.ofSeconds(20),
                () -> app.get("/workflows/runs/" + runId + "/webhook").json(),
                state -> state != null && status.equals(state.path("status").asText()));
    }

    static JsonNode body(RecordedRequest request) {
        return TestApp.parse(request.getBody().utf8());
    }

    @Test
    void completedRunIsPostedOnceWithTheInterfaceHeadersAndBody() {
        long runId = createRun(app, "/hooks/completed?token=s3cret", files.url("/red.png"));
        JsonNode state = webhookState(app, runId, "delivered");
        List<RecordedRequest> requests = receiver.requests("/hooks/completed");
        assertThat(requests).hasSize(1);
        RecordedRequest request = requests.get(0);
        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(request.getUrl().queryParameter("token")).isEqualTo("s3cret");
        assertThat(request.getHeaders().get("Content-Type")).isEqualTo("application/json");
        assertThat(request.getHeaders().get("X-Service-Event")).isEqualTo("run.finished");
        assertThat(request.getHeaders().get("X-Service-Run-Id")).isEqualTo(Long.toString(runId));

        JsonNode body = body(request);
        JsonNode run = app.get("/workflows/runs/" + runId).json();
        assertThat(body.path("event").asText()).isEqualTo("run.finished");
        assertThat(body.path("runId").isIntegralNumber()).isTrue();
        assertThat(body.path("runId").asLong()).isEqualTo(runId);
        assertThat(body.path("workflowId").asLong()).isEqualTo(workflowId);
        assertThat(body.path("workspaceId").asLong()).isEqualTo(run.path("workspaceId").asLong());
        assertThat(body.path("status").asText()).isEqualTo("completed");
        assertThat(body.path("totalItems").asInt()).isEqualTo(1);
        assertThat(body.path("completedItems").asInt()).isEqualTo(1);
        assertThat(body.path("failedItems").asInt()).isZero();
        assertThat(body.path("startedAt").asText()).matches(TIMESTAMP).isEqualTo(run.path("startedAt").asText());
        assertThat(body.path("finishedAt").asText()).matches(TIMESTAMP).isEqualTo(run.path("finishedAt").asText());
        assertThat(body.has("error")).isTrue();
        assertThat(body.path("error").isNull()).isTrue();

        assertThat(state.path("url").asText()).isEqualTo(receiver.url("/hooks/completed?token=***"));
        assertThat(state.path("attempts")).hasSize(1);
        JsonNode attempt = state.path("attempts").get(0);
        assertThat(attempt.path("attempt").asInt()).isEqualTo(1);
        assertThat(attempt.path("at").asText()).matches(TIMESTAMP);
        assertThat(attempt.path("statusCode").asInt()).isEqualTo(200);
        assertThat(attempt.has("error")).isFalse();
        assertThat(attempt.path("latencyMs").isIntegralNumber()).isTrue();
    }

    @Test
    void partialAndFailedRunsCarryTheirCounts() {
        long partial = createRun(app, "/hooks/partial", files.url("/red.png"), files.url("/missing.png"));
        long failed = createRun(app, "/hooks/failed", files.url("/missing.png"));
        webhookState(app, partial, "delivered");
        webhookState(app, failed, "delivered");
        JsonNode partialBody = body(receiver.requests("/hooks/partial").get(0));
        assertThat(partialBody.path("status").asText()).isEqualTo("partial");
        assertThat(partialBody.path("completedItems").asInt()).isEqualTo(1);
        assertThat(partialBody.path("failedItems").asInt()).isEqualTo(1);
        JsonNode failedBody = body(receiver.requests("/hooks/failed").get(0));
        assertThat(failedBody.path("status").asText()).isEqualTo("failed");
        assertThat(failedBody.path("completedItems").asInt()).isZero();
        assertThat(failedBody.path("failedItems").asInt()).isEqualTo(1);
    }

    @Test
    void runCancelledBeforeItStartedHasNullStartedAt() {
        files.hold();
        long blocker = createRun(app, "/hooks/blocker", files.heldUrl("/red.png"), files.heldUrl("/red.png"));
        Await.until("both workers busy", Duration.ofSeconds(10),
                () -> app.get("/workflows/runs/" + blocker).json().path("status").asText().equals("running")
                        && files.heldRequests() >= 2);
        long waiting = createRun(app, "/hooks/cancelled", files.url("/red.png"));
        assertThat(app.post("/workflows/runs/" + waiting + "/cancel", null).json().path("ok").asBoolean()).isTrue();
        webhookState(app, waiting, "delivered");
        JsonNode body = body(receiver.requests("/hooks/cancelled").get(0));
        assertThat(body.path("status").asText()).isEqualTo("cancelled");
        assertThat(body.path("startedAt").isNull()).isTrue();
        assertThat(body.path("finishedAt").asText()).matches(TIMESTAMP);
        files.release();
        webhookState(app, blocker, "delivered");
    }

    @Test
    void threeFailuresThenSuccessGiveExactlyFourAttempts() {
        receiver.on("/hooks/flaky", n -> HttpsReceiver.status(n <= 3 ? 500 : 200));
        long runId = createRun(app, "/hooks/flaky", files.url("/red.png"));
        JsonNode state = webhookState(app, runId, "delivered");
        assertThat(receiver.requests("/hooks/flaky")).hasSize(4);
        assertThat(state.path("attempts")).hasSize(4);
        assertThat(state.path("attempts").get(0).path("statusCode").asInt()).isEqualTo(500);
        assertThat(state.path("attempts").get(3).path("statusCode").asInt()).isEqualTo(200);
        List<RecordedRequest> requests = receiver.requests("/hooks/flaky");
        assertThat(requests).extracting(r -> r.getBody().utf8()).containsOnly(requests.get(0).getBody().utf8());
    }

    @Test
    void alwaysFailingReceiverGetsExactlySixAttemptsThenSilence() {
        receiver.on("/hooks/down", n -> HttpsReceiver.status(503));
        long runId = createRun(app, "/hooks/down", files.url("/red.png"));
        JsonNode state = webhookState(app, runId, "failed");
        assertThat(state.path("attempts")).hasSize(6);
        assertThat(receiver.requests("/hooks/down")).hasSize(6);
        // The event is dropped; the run keeps its status.
        assertThat(app.get("/workflows/runs/" + runId).json().path("status").asText()).isEqualTo("completed");
        long later = createRun(app, "/hooks/after-down", files.url("/red.png"));
        webhookState(app, later, "delivered");
        assertThat(receiver.requests("/hooks/down")).as("nothing more after giving up").hasSize(6);
    }

    @Test
    void receiverSlowerThanTheTimeoutIsAFailedAttempt() {
        receiver.on("/hooks/slow", n -> n == 1 ? HttpsReceiver.slow(3_000) : HttpsReceiver.status(200));
        long runId = createRun(app, "/hooks/slow", files.url("/red.png"));
        JsonNode state = webhookState(app, runId, "delivered");
        JsonNode first = state.path("attempts").get(0);
        assertThat(first.has("statusCode")).isFalse();
        assertThat(first.path("error").asText()).contains("1000 ms");
        assertThat(state.path("attempts")).hasSize(2);
    }

    @Test
    void aSlowReceiverDoesNotHoldUpOtherDeliveries() {
        receiver.on("/hooks/stuck", n -> HttpsReceiver.slow(3_000));
        long stuck = createRun(app, "/hooks/stuck", files.url("/red.png"));
        Await.until("the stuck receiver to be called", Duration.ofSeconds(20),
                () -> !receiver.requests("/hooks/stuck").isEmpty());
        long quick = createRun(app, "/hooks/quick", files.url("/red.png"));
        webhookState(app, quick, "delivered");
        assertThat(app.get("/workflows/runs/" + stuck + "/webhook").json().path("status").asText())
                .as("the slow one is still owed while the quick one went through").isEqualTo("pending");
    }

    @Test
    void redirectIsNotFollowedAndCountsAsFailed() {
        receiver.on("/hooks/moved", n -> HttpsReceiver.redirect(receiver.url("/hooks/new-home")));
        long runId = createRun(app, "/hooks/moved", files.url("/red.png"));
        JsonNode state = webhookState(app, runId, "failed");
        assertThat(state.path("attempts").get(0).path("statusCode").asInt()).isEqualTo(302);
        assertThat(receiver.requests("/hooks/new-home")).isEmpty();
    }

    @Test
    void runWithoutWebhookUrlSendsNothingAndHasNoWebhookState() {
        Reply reply = app.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + files.url("/red.png") + "\"}]}}}");
        long runId = reply.json().path("id").asLong();
        Await.until("run to complete", Duration.ofSeconds(20),
                () -> app.get("/workflows/runs/" + runId).json().path("status").asText().equals("completed"));
        assertThat(app.get("/workflows/runs/" + runId + "/webhook").status()).isEqualTo(404);
        // Other tests' retries may still arrive at the shared receiver; none may be about this run.
        assertThat(receiver.all()).extracting(r -> r.getHeaders().get("X-Service-Run-Id"))
                .doesNotContain(Long.toString(runId));
    }

    @Test
    void webhookStateOfAnotherWorkspacesRunIsNotFound() {
        assertThat(app.get("/workflows/runs/987654/webhook").errorCode()).isEqualTo("not_found");
        assertThat(app.get("/workflows/runs/1/webhook", null).status()).isEqualTo(401);
    }
}
