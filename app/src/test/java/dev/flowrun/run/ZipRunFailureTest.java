package dev.flowrun.run;

import static dev.flowrun.run.ZipRuns.awaitTerminal;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.ApiAssertions;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HttpsReceiver;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A zip that cannot be downloaded or read fails the run as a whole, with the run's {@code error}
 * set, no item, nothing left on disk, and its one webhook. Every limit here is the real one (docs/zip-runs.md).
 */
class ZipRunFailureTest {
    /** Made, and so trusted, before the app (an extension) starts. */
    @AutoClose
    static final HttpsReceiver receiver = HttpsReceiver.trusted();
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of("FLOWRUN_WEBHOOK_RETRY_DELAYS",
            "100ms,100ms,100ms,100ms,100ms"));
    @AutoClose
    static final FileServer files = new FileServer();

    /** Runs the zip at {@code url} to its end and checks the shape every failed zip run has; returns its error. */
    static JsonNode failedRun(String url) {
        long runId = ZipRuns.create(app, url, null).path("id").asLong();
        JsonNode run = awaitTerminal(app, runId);
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("failed");
        assertThat(run.path("totalItems").asInt()).isZero();
        assertThat(run.path("items")).isEmpty();
        assertThat(run.path("itemsTotal").asInt()).isZero();
        assertThat(run.path("finishedAt").asText()).matches(ApiAssertions.TIMESTAMP);
        assertThat(run.has("outputArchiveUrl")).isFalse();
        assertThat(run.path("error").path("message").asText()).isNotBlank();
        Await.until("run " + runId + "'s partial files to be removed", Duration.ofSeconds(10),
                () -> ZipRuns.filesUnder(ZipRuns.runFolder(app, runId)).isEmpty());
        return run.path("error");
    }

    @Test
    void anUnreachableHostFailsTheDownload() throws Exception {
        int closedPort;
        try (var socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        JsonNode error = failedRun("http://127.0.0.1:" + closedPort + "/photos.zip");
        assertThat(error.path("code").asText()).isEqualTo("zip_download_failed");
    }

    @Test
    void aMissingArchiveFailsTheDownloadWithItsStatus() {
        JsonNode error = failedRun(files.url("/missing.zip"));
        assertThat(error.path("code").asText()).isEqualTo("zip_download_failed");
        assertThat(error.path("message").asText()).contains("404");
    }

    @Test
    void anArchiveDeclaringMoreThanOneGibibyteIsRefusedBeforeItIsDownloaded() {
        files.serveDeclaringLength("/huge.zip", Zips.builder().add("a.png", Zips.png(1)).build(), (1L << 30) + 1);
        JsonNode error = failedRun(files.url("/huge.zip"));
        assertThat(error.path("code").asText()).isEqualTo("zip_download_failed");
        assertThat(error.path("message").asText()).contains("larger than the limit of 1 GiB");
    }

    @Test
    void somethingThatIsNotAZipIsInvalid() {
        files.serve("/page.zip", "<html>this is a login page</html>".getBytes(StandardCharsets.UTF_8));
        JsonNode error = failedRun(files.url("/page.zip"));
        assertThat(error.path("code").asText()).isEqualTo("zip_invalid");
        assertThat(error.path("message").asText()).contains("not a zip");
    }

    @Test
    void aCorruptArchiveIsInvalidAndKeepsNoneOfItsImages() {
        byte[] second = Zips.png(2);
        byte[] zip = Zips.builder().add("good.png", Zips.png(1)).stored("bad.png", second).build();
        byte[] tampered = second.clone();
        tampered[tampered.length - 6] ^= 0x7F;
        files.serve("/corrupt.zip", Zips.replaceFirst(zip, second, tampered));
        JsonNode error = failedRun(files.url("/corrupt.zip"));
        assertThat(error.path("code").asText()).isEqualTo("zip_invalid");
        assertThat(error.path("message").asText()).contains("bad.png").contains("corrupt");
    }

    @Test
    void anArchiveWithMoreThanTenThousandEntriesIsInvalid() {
        Zips zips = Zips.builder();
        for (int i = 0; i <= 10_000; i++) {
            zips.add("empty/" + i + ".txt", new byte[0]);
        }
        files.serve("/many.zip", zips.build());
        JsonNode error = failedRun(files.url("/many.zip"));
        assertThat(error.path("code").asText()).isEqualTo("zip_invalid");
        assertThat(error.path("message").asText()).contains("10001 entries").contains("at most 10000");
    }

    @Test
    void aZipBombIsInvalidAndStoppedLongBeforeItFillsTheDisk() {
        // 256 MiB of zeros behind a BMP header, a quarter of a MiB compressed.
        files.serve("/bomb.zip", Zips.bombArchive("innocent.bmp", 256L << 20));
        long before = ZipRuns.bytesUnder(app.dataDir());
        JsonNode error = failedRun(files.url("/bomb.zip"));
        assertThat(error.path("code").asText()).isEqualTo("zip_invalid");
        assertThat(error.path("message").asText()).contains("innocent.bmp").contains("100 times");
        assertThat(ZipRuns.bytesUnder(app.dataDir()) - before).as("the data directory barely grew").isLessThan(16L << 20);
    }

    @Test
    void anArchiveWithoutAnyImageGivesAFailedRunWithNoItems() {
        files.serve("/docs.zip", Zips.builder().folder("docs").add("docs/a.txt", new byte[100])
                .add("docs/b.pdf", "%PDF-1.7".getBytes(StandardCharsets.UTF_8)).add("__MACOSX/._x.png", Zips.png(1)).build());
        JsonNode error = failedRun(files.url("/docs.zip"));
        assertThat(error.path("code").asText()).isEqualTo("no_items");
    }

    @Test
    void aFailedZipRunSendsItsOneWebhookWithTheError() {
        files.serve("/bad-for-hook.zip", "not a zip".getBytes(StandardCharsets.UTF_8));
        Reply created = app.post("/workflows/" + ZipRuns.workflowOf(app) + "/runs", "{\"zipUrl\": \""
                + files.url("/bad-for-hook.zip") + "\", \"webhookUrl\": \"" + receiver.url("/hooks/zip") + "\"}");
        long runId = created.json().path("id").asLong();
        awaitTerminal(app, runId);
        RecordedRequest hook = Await.until("the webhook", Duration.ofSeconds(20), () -> receiver.requests("/hooks/zip"),
                requests -> !requests.isEmpty()).get(0);
        JsonNode body = TestApp.parse(hook.getBody().utf8());
        assertThat(body.path("runId").asLong()).isEqualTo(runId);
        assertThat(body.path("status").asText()).isEqualTo("failed");
        assertThat(body.path("totalItems").asInt()).isZero();
        assertThat(body.path("error").path("code").asText()).isEqualTo("zip_invalid");
        assertThat(receiver.requests("/hooks/zip")).hasSize(1);
    }
}
