package dev.flowrun.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.RawHttpsReceiver;
import dev.flowrun.support.RawHttpsReceiver.Response;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestTrust;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An attempt counts only once it had a real chance to reach the receiver. Real receivers close
 * connections without saying so (after every response, or after an idle timeout); none of that may cost an
 * attempt, and every attempt counted is a request the receiver saw.
 */
class WebhookConnectionTest {
    static FileServer files;

    @BeforeAll
    static void start() {
        files = new FileServer();
        RawHttpsReceiver.trustForNewClients();
    }

    @AfterAll
    static void stop() {
        files.close();
        TestTrust.forget();
    }

    @Test
    void receiverClosingAfterEveryResponseGetsEachOf200RunsOnceInOneAttempt() {
        assertThat(unexpected(200, Duration.ofSeconds(30), (path, n) -> Response.http10(200), "100ms",
                "delivered", List.of("200"))).isEmpty();
    }

    @Test
    void retriesAfterTheReceiversKeepAliveTimeoutAreEachSeenByTheReceiver() {
        // The receiver drops a connection idle for 1 s; flowrun waits 5 s (±10%) before each retry, as by default
        // (Node's own keep-alive timeout is 5 s). With 1.5 s most retries shared connections kept busy by later
        // runs' first attempts, and the old code's failure showed in 0 to 2 runs of 200 only.
        assertThat(unexpected(200, Duration.ofSeconds(1), (path, n) -> Response.status(n == 1 ? 500 : 200), "5s",
                "delivered", List.of("500", "200"))).isEmpty();
    }

    @Test
    void alwaysFailingReceiverSeesExactlySixRequestsPerRun() {
        assertThat(unexpected(30, Duration.ofSeconds(30), (path, n) -> Response.http10(500), "50ms",
                "failed", List.of("500", "500", "500", "500", "500", "500"))).isEmpty();
    }

    /**
     * Creates {@code runs} runs at once with a webhook to a receiver answering as {@code answer} says, retries
     * {@code delay} apart, and lists those whose delivery did not end in {@code status} after exactly
     * {@code outcomes}, each with what the receiver saw and what the API says: the attempts counted must be the
     * requests the receiver saw, one for one.
     */
    private static List<String> unexpected(int runs, Duration idleTimeout, RawHttpsReceiver.Answer answer,
                                           String delay, String status, List<String> outcomes) {
        try (var receiver = new RawHttpsReceiver(idleTimeout, answer);
             TestApp app = TestApp.start(
                     Map.of("FLOWRUN_WEBHOOK_RETRY_DELAYS", String.join(",", Collections.nCopies(5, delay))))) {
            List<Long> runIds = ManyRuns.create(app, files, runs, receiver.url("/hooks/" + runs));
            Map<Long, JsonNode> states = ManyRuns.settled(app, runIds, Duration.ofMinutes(5));
            List<String> unexpected = new ArrayList<>();
            states.forEach((runId, state) -> {
                int seen = receiver.requestsFor(runId);
                List<String> counted = ManyRuns.outcomes(state);
                if (seen != outcomes.size() || !state.path("status").asText().equals(status)
                        || !counted.equals(outcomes)) {
                    unexpected.add("run " + runId + ": receiver saw " + seen + " requests; webhook "
                            + state.path("status").asText() + " after " + counted);
                }
            });
            return unexpected;
        }
    }
}
