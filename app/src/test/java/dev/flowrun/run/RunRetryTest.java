package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import dev.flowrun.support.Zips;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Retry: a new run of the original's graph over its failed and cancelled items, reusing every input
 * already stored (a file server counts the downloads), the original left as it was.
 */
class RunRetryTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static FileServer files;
    static long workflow;

    @BeforeAll
    static void start() {
        files = new FileServer().serve("/ok.png", Zips.png(1)).serve("/good.png", Zips.png(3))
                .serve("/junk.png", "not an image at all".getBytes(StandardCharsets.UTF_8));
        workflow = ZipRuns.passThroughWorkflow(app);
    }

    @Test
    void aRetryRunsTheFailedItemsAgainWithoutDownloadingWhatIsStored() {
        long original = create(workflow, files.url("/good.png"), files.url("/junk.png"), files.url("/later.png"));
        JsonNode before = ZipRuns.awaitTerminal(app, original);
        assertThat(before.path("status").asText()).as(before.toString()).isEqualTo("partial");
        assertThat(before.path("failedItems").asInt()).isEqualTo(2);
        // The workflow changes after the run: the retry still runs the graph the original ran (output png, not jpeg).
        assertThat(app.put("/workflows/" + workflow, "{\"graph\": " + TestWorkflow.named("pass").input("in")
                .output("out", "{\"format\": \"jpeg\"}").chain().graph() + "}").status()).isEqualTo(200);
        files.serve("/later.png", Zips.png(2));

        Reply retry = app.post("/workflows/runs/" + original + "/retry", null);
        assertThat(retry.status()).as(retry.toString()).isEqualTo(200);
        long retryId = retry.json().path("id").asLong();
        assertThat(retryId).isNotEqualTo(original);
        assertThat(retry.json().path("retryOf").asLong()).isEqualTo(original);
        assertThat(retry.json().path("status").asText()).isEqualTo("queued");
        assertThat(retry.json().path("totalItems").asInt()).isEqualTo(2);
        assertThat(retry.json().path("workspaceId").isIntegralNumber()).isTrue();

        JsonNode after = ZipRuns.awaitTerminal(app, retryId);
        assertThat(after.path("retryOf").asLong()).isEqualTo(original);
        assertThat(after.path("items").findValuesAsText("fileName")).containsExactly("junk.png", "later.png");
        assertThat(after.path("items").get(0).path("status").asText()).isEqualTo("failed");
        assertThat(after.path("items").get(1).path("status").asText()).isEqualTo("completed");
        assertThat(after.path("items").get(1).path("outputs").get(0).path("key").asText()).endsWith(".png");
        assertThat(files.requests("/junk.png")).as("stored once, not fetched again").isEqualTo(1);
        assertThat(files.requests("/later.png")).as("never stored, so fetched again").isEqualTo(2);
        assertThat(files.requests("/good.png")).as("completed items are not retried").isEqualTo(1);

        JsonNode originalNow = ZipRuns.run(app, original);
        for (String field : List.of("status", "totalItems", "completedItems", "failedItems", "finishedAt", "updatedAt")) {
            assertThat(originalNow.path(field)).as(field).isEqualTo(before.path(field));
        }
        assertThat(originalNow.path("items").findValuesAsText("status")).containsExactly("completed", "failed", "failed");
        assertThat(originalNow.has("retryOf")).isFalse();
        JsonNode listed = app.get("/workflows/runs").json().path("items").get(0);
        assertThat(listed.path("id").asLong()).isEqualTo(retryId);
        assertThat(listed.path("retryOf").asLong()).isEqualTo(original);
    }

    @Test
    void cancelledItemsAreRetriedToo() {
        long original = create(workflow, files.heldUrl("/ok.png"), files.heldUrl("/ok.png"), files.heldUrl("/ok.png"));
        Reply running = app.post("/workflows/runs/" + original + "/retry", null);
        assertThat(running.status()).as("a run still going cannot be retried").isEqualTo(400);
        assertThat(running.errorField()).isEqualTo("runId");
        assertThat(app.post("/workflows/runs/" + original + "/cancel", null).json().path("ok").asBoolean()).isTrue();
        files.release();
        JsonNode cancelled = ZipRuns.awaitTerminal(app, original);
        assertThat(cancelled.path("status").asText()).isEqualTo("cancelled");
        // Items that were running when it was cancelled finish first, and become cancelled too.
        Await.until("the cancelled run's items to settle", Duration.ofSeconds(60), () -> ZipRuns.run(app, original),
                run -> run.path("items").findValuesAsText("status").stream().allMatch(Runs.TERMINAL::contains));

        Reply retry = app.post("/workflows/runs/" + original + "/retry", null);
        assertThat(retry.status()).as(retry.toString()).isEqualTo(200);
        assertThat(retry.json().path("totalItems").asInt()).isEqualTo(3);
        JsonNode after = ZipRuns.awaitTerminal(app, retry.json().path("id").asLong());
        assertThat(after.path("status").asText()).as(after.toString()).isEqualTo("completed");
    }

    @Test
    void onlyAFinishedRunWithFailedOrCancelledItemsCanBeRetried() {
        long clean = create(workflow, files.url("/ok.png"));
        assertThat(ZipRuns.awaitTerminal(app, clean).path("status").asText()).isEqualTo("completed");
        Reply nothingToRetry = app.post("/workflows/runs/" + clean + "/retry", null);
        assertThat(nothingToRetry.status()).isEqualTo(400);
        assertThat(nothingToRetry.errorCode()).isEqualTo("invalid_request");
        assertThat(nothingToRetry.errorField()).isEqualTo("runId");
        assertThat(app.post("/workflows/runs/999999/retry", null).status()).isEqualTo(404);
        assertThat(app.post("/workflows/runs/abc/retry", null).status()).isEqualTo(404);
    }

    private static long create(long workflowId, String... urls) {
        StringBuilder body = new StringBuilder("{\"inputs\": {\"in\": {\"files\": [");
        for (int i = 0; i < urls.length; i++) {
            body.append(i == 0 ? "" : ", ").append("{\"url\": \"").append(urls[i]).append("\"}");
        }
        Reply reply = app.post("/workflows/" + workflowId + "/runs", body.append("]}}}").toString());
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json().path("id").asLong();
    }
}
