package dev.flowrun.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HttpsReceiver;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A receiver slower than an HTTP client's usual read timeout (OkHttp's 10 s) but within FLOWRUN_WEBHOOK_TIMEOUT is
 * waited for. On H2 only: it waits out eleven seconds, and its SQL is that of every delivery the other webhook tests
 * run on PostgreSQL too.
 */
class SlowReceiverTest {
    @Test
    void receiverAnsweringAfterTenSecondsButWithinTheTimeoutIsDelivered() {
        try (HttpsReceiver receiver = new HttpsReceiver();
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            receiver.trustForNewClients();
            receiver.on("/hooks/patient", n -> HttpsReceiver.slow(11_000));
            // Four seconds to spare: the first TLS exchange of a test JVM on a busy machine takes some.
            try (TestApp app = TestApp.start(Map.of("FLOWRUN_WEBHOOK_TIMEOUT", "15s"))) {
                long workflowId = Runs.template(app, "Remove background");
                long runId = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": "
                        + "[{\"url\": \"" + files.url("/red.png") + "\"}]}}, \"webhookUrl\": \""
                        + receiver.url("/hooks/patient") + "\"}").json().path("id").asLong();
                JsonNode state = Await.until("slow delivery", Duration.ofSeconds(40),
                        () -> app.get("/workflows/runs/" + runId + "/webhook").json(),
                        s -> !s.path("attempts").isEmpty());
                assertThat(state.path("status").asText()).isEqualTo("delivered");
                assertThat(state.path("attempts").get(0).path("statusCode").asInt()).isEqualTo(200);
            } finally {
                HttpsReceiver.forgetTrust();
            }
        }
    }
}
