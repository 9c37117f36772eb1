package dev.flowrun.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.CountingServer;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A webhook to a refused address is a failed attempt, and no connection is opened. */
class GuardedWebhookTest {

    @Test
    void webhookToLoopbackIsRefusedWithoutConnectingAndTheRunIsUnaffected() {
        try (CountingServer hook = new CountingServer(new byte[0]);
             TestApp app = TestApp.start(Map.of("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "false",
                     "FLOWRUN_WEBHOOK_RETRY_DELAYS", "50ms,50ms,50ms,50ms,50ms"))) {
            long workflowId = Runs.template(app, "Remove background");
            long runId = app.post("/workflows/" + workflowId + "/runs",
                    "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"https://203.0.113.9/a.png\"}]}},"
                            + " \"webhookUrl\": \"https://127.0.0.1:" + hook.port() + "/hook?token=x\"}")
                    .json().path("id").asLong();
            JsonNode state = Await.until("all attempts used", Duration.ofSeconds(30),
                    () -> app.get("/workflows/runs/" + runId + "/webhook").json(),
                    s -> s.path("status").asText().equals("failed"));
            assertThat(state.path("attempts")).hasSize(6);
            assertThat(state.path("attempts").get(0).path("error").asText())
                    .contains("refused").contains("127.0.0.1").contains("loopback");
            assertThat(hook.connections()).isZero();
            assertThat(app.get("/workflows/runs/" + runId).json().path("status").asText()).isEqualTo("failed");
        }
    }
}
