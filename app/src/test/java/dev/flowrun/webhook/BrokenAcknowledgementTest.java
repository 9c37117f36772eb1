package dev.flowrun.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.RawHttpsReceiver;
import dev.flowrun.support.RawHttpsReceiver.Response;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestTrust;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README, Webhooks: any 2xx acknowledges and the response body is ignored. So a 2xx status line is a delivery
 * even when the receiver then breaks HTTP in small ways; it is never sent again.
 */
class BrokenAcknowledgementTest {
    static FileServer files;
    static RawHttpsReceiver receiver;
    static TestApp app;

    @BeforeAll
    static void start() {
        files = new FileServer();
        receiver = new RawHttpsReceiver(Duration.ofSeconds(30), (path, n) -> switch (path) {
            case "/hooks/no-content-with-body" ->
                    new Response("HTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\nignored", false);
            case "/hooks/short-body" -> new Response("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nshort", true);
            case "/hooks/cut-chunk" ->
                    new Response("HTTP/1.1 202 Accepted\r\nTransfer-Encoding: chunked\r\n\r\n400\r\npartial", true);
            default -> Response.status(404);
        });
        RawHttpsReceiver.trustForNewClients();
        app = TestApp.start(Map.of("FLOWRUN_WEBHOOK_RETRY_DELAYS", "100ms,100ms,100ms,100ms,100ms"));
    }

    @AfterAll
    static void stop() {
        app.close();
        receiver.close();
        files.close();
        TestTrust.forget();
    }

    @Test
    void noContentWithABodyIsDelivered() {
        assertDeliveredAtFirstRequest("/hooks/no-content-with-body", "204");
    }

    @Test
    void bodyShorterThanItsLengthThenClosedIsDelivered() {
        assertDeliveredAtFirstRequest("/hooks/short-body", "200");
    }

    @Test
    void chunkedBodyCutOffByTheConnectionClosingIsDelivered() {
        assertDeliveredAtFirstRequest("/hooks/cut-chunk", "202");
    }

    private static void assertDeliveredAtFirstRequest(String path, String statusCode) {
        List<Long> runIds = ManyRuns.create(app, files, 1, receiver.url(path));
        JsonNode state = ManyRuns.settled(app, runIds, Duration.ofSeconds(30)).get(runIds.get(0));
        assertThat(state.path("status").asText()).as(state.toString()).isEqualTo("delivered");
        assertThat(ManyRuns.outcomes(state)).containsExactly(statusCode);
        assertThat(receiver.requestsFor(runIds.get(0))).isEqualTo(1);
    }
}
