package dev.flowrun.retention;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestClock;
import dev.flowrun.support.TestWorkflow;
import dev.flowrun.support.Zips;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.Request;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * FLOWRUN_OUTPUT_RETENTION on a clock the test moves: a month after a run finished its files are gone
 * (410 on URLs that are otherwise valid), its record is not; a run finished since keeps everything.
 */
class RetentionTest {
    static final TestClock CLOCK = new TestClock();
    /** URLs live longer than the files here, so that an old URL is valid but for the file being gone. */
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of("FLOWRUN_OUTPUT_RETENTION", "30d", "FLOWRUN_URL_TTL",
            "2400h"), CLOCK);
    static long workflow;

    @BeforeAll
    static void start() {
        workflow = TestWorkflow.passThrough().create(app);
    }

    @Test
    void aMonthAfterARunFinishedItsFilesAreGoneAndItsRecordStays() {
        Reply upload = app.call(new Request.Builder().url(app.baseUrl() + "/uploads")
                .header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(new FormBody().file("file", "kept.png", Zips.png(1)).requestBody()).build());
        String uploadUrl = upload.json().path("files").get(0).path("url").asText();
        long old = createFromUpload(uploadUrl);
        JsonNode oldRun = awaitArchive(old);
        List<String> oldUrls = fileUrls(old, oldRun);
        oldUrls.forEach(url -> assertThat(app.fetch(url).status()).as(url).isEqualTo(200));

        CLOCK.advance(Duration.ofDays(20));
        long recent = createFromUpload(uploadUrl);
        JsonNode recentRun = awaitArchive(recent);
        CLOCK.advance(Duration.ofDays(11));

        // Marked first (the archive URL goes at once), then deleted; uploads are swept after runs.
        String uploadFolder = "uploads/" + upload.json().path("files").get(0).path("id").asLong();
        Await.until("the old files to be deleted", Duration.ofSeconds(60),
                () -> !app.stores("runs/" + old) && !app.stores(uploadFolder));
        JsonNode swept = app.get("/workflows/runs/" + old).json();
        assertThat(swept.has("outputArchiveUrl")).isFalse();
        for (String field : List.of("status", "totalItems", "completedItems", "failedItems", "createdAt", "finishedAt")) {
            assertThat(swept.path(field)).as(field).isEqualTo(oldRun.path(field));
        }
        assertThat(swept.path("items").get(0).path("status").asText()).isEqualTo("completed");
        for (String url : oldUrls) {
            Reply gone = app.fetch(url);
            assertThat(gone.status()).as(url).isEqualTo(410);
            assertThat(gone.errorCode()).isEqualTo("gone");
        }
        assertThat(app.fetch(uploadUrl).status()).as("the upload is as old").isEqualTo(410);
        assertThat(app.get("/workflows/runs/" + old + "/download").json().path("archiveUrl").isNull()).isTrue();
        assertThat(app.post("/workflows/runs/" + old + "/retry", null).status()).isEqualTo(400);
        Reply reuse = app.post("/workflows/" + workflow + "/runs",
                "{\"inputs\": {\"in\": {\"files\": [{\"url\": \"" + uploadUrl + "\"}]}}}");
        assertThat(reuse.status()).as(reuse.toString()).isEqualTo(400);
        assertThat(reuse.errorField()).isEqualTo("inputs.in.files[0].url");

        JsonNode recentNow = app.get("/workflows/runs/" + recent).json();
        assertThat(recentNow.has("outputArchiveUrl")).as("finished 11 days ago").isTrue();
        fileUrls(recent, recentNow).forEach(url -> assertThat(app.fetch(url).status()).as(url).isEqualTo(200));
        assertThat(recentRun.path("status").asText()).isEqualTo("completed");
    }

    private static long createFromUpload(String url) {
        Reply created = app.post("/workflows/" + workflow + "/runs",
                "{\"inputs\": {\"in\": {\"files\": [{\"url\": \"" + url + "\"}]}}}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return created.json().path("id").asLong();
    }

    /** The run once terminal and its archive built. */
    private static JsonNode awaitArchive(long runId) {
        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        Await.until("the archive of run " + runId, Duration.ofSeconds(60),
                () -> app.stores("runs/" + runId + "/outputs.zip"));
        return run;
    }

    /** Every file URL the run shows: its inputs, outputs, node states' files and archive. */
    private static List<String> fileUrls(long runId, JsonNode run) {
        List<String> urls = new ArrayList<>();
        urls.add(run.path("outputArchiveUrl").asText());
        JsonNode item = run.path("items").get(0);
        urls.add(item.path("uploadInputs").path("in").path("url").asText());
        urls.add(item.path("outputs").get(0).path("url").asText());
        JsonNode detail = app.get("/workflows/runs/" + runId + "/items/" + item.path("id").asLong()).json();
        detail.path("item").path("nodeStates").forEach(state -> state.path("fileUrls").forEach(u -> urls.add(u.asText())));
        return urls;
    }
}
