package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A small run created behind a big one is not made to wait for all of it. */
class FairSchedulingTest {

    @Test
    void oneItemRunCreatedBehindABigRunFinishesAfterAtMostOneMoreItemOfIt() {
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1"));
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long workflowId = app.get("/workflows").json().get(0).path("id").asLong();
            String big = IntStream.range(0, 30).mapToObj(i -> "{\"url\": \"" + files.heldUrl("/red.png") + "\"}")
                    .collect(Collectors.joining(","));
            long bigRun = app.post("/workflows/" + workflowId + "/runs",
                    "{\"inputs\": {\"imageInput\": {\"files\": [" + big + "]}}}").json().path("id").asLong();
            Await.until("the worker to hold the big run's first item", Duration.ofSeconds(10),
                    () -> files.heldRequests() == 1);
            long smallRun = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                    + files.url("/red.png") + "\"}]}}}").json().path("id").asLong();
            files.release();

            JsonNode small = Await.until("the small run", Duration.ofSeconds(30),
                    () -> app.get("/workflows/runs/" + smallRun).json(), r -> r.path("status").asText().equals("completed"));
            Instant smallDone = Instant.parse(small.path("items").get(0).path("finishedAt").asText());
            JsonNode bigDone = Await.until("the big run", Duration.ofSeconds(60),
                    () -> app.get("/workflows/runs/" + bigRun + "?pageSize=100").json(),
                    r -> r.path("status").asText().equals("completed"));
            long before = 0;
            for (JsonNode item : bigDone.path("items")) {
                if (!Instant.parse(item.path("finishedAt").asText()).isAfter(smallDone)) {
                    before++;
                }
            }
            assertThat(before).as("big-run items finished before the small run's one").isLessThanOrEqualTo(2);
        }
    }
}
