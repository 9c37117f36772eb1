package dev.flowrun.files.s3;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.S3ProxyServer;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import dev.flowrun.support.Zips;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import okhttp3.Request;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The API end to end with FLOWRUN_STORAGE=s3://bucket/prefix on S3Proxy: every file an object of the bucket, none in
 * the data directory, each served from the store by its signed URL (ranges and thumbnails included). On H2 and, in
 * the PostgreSQL execution, on PostgreSQL.
 */
class ObjectStoreApiTest {
    static final S3ProxyServer S3 = S3ProxyServer.shared();
    static final String bucket = S3.newBucket();
    @RegisterExtension
    static final TestApp app = TestApp.forClass(S3.env(bucket, "flowrun/test"));
    @AutoClose
    static FileServer files;
    static long workflow;

    @BeforeAll
    static void start() {
        files = new FileServer().serve("/disc.png", Images.pngDisc()).serve("/disc.jpg", Images.jpegDisc())
                .serve("/two.zip", Zips.builder().add("shoes/red.png", Zips.png(1)).add("hats/blue.png", Zips.png(2))
                        .build());
        workflow = TestWorkflow.passThrough().create(app);
    }

    @Test
    void aRunOfUrlsKeepsEveryFileInTheBucketAndServesItsOutputsFromThere() throws IOException {
        long runId = Runs.create(app, workflow, List.of(files.url("/disc.png"), files.url("/disc.jpg")));
        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        for (JsonNode item : run.path("items")) {
            Reply output = app.fetch(item.path("outputs").get(0).path("url").asText());
            assertThat(output.status()).isEqualTo(200);
            assertThat(output.header("Content-Type")).isEqualTo("image/png");
            assertThat(Images.decode(output.bytes()).getWidth()).isPositive();
        }
        // Listed until the run's own inputs and outputs show, within a deadline.
        List<String> keys = Await.until("run " + runId + "'s inputs and outputs in the bucket", Duration.ofSeconds(30),
                () -> S3.keys(bucket),
                listed -> listed.stream().anyMatch(key -> key.startsWith("flowrun/test/runs/" + runId + "/in/"))
                        && listed.stream().anyMatch(key -> key.startsWith("flowrun/test/runs/" + runId + "/out/")));
        assertThat(keys).allMatch(key -> key.startsWith("flowrun/test/"));
        try (var stored = Files.walk(app.dataDir().resolve("files"))) {
            assertThat(stored.filter(Files::isRegularFile)).as("nothing in the data directory's file store").isEmpty();
        }
    }

    @Test
    void aSignedUrlAnswersRangesAndThumbnailsFromTheStore() {
        long runId = Runs.create(app, workflow, List.of(files.url("/disc.jpg")));
        JsonNode item = Runs.awaitEnd(app, runId, Duration.ofSeconds(60)).path("items").get(0);
        String url = item.path("outputs").get(0).path("url").asText();
        byte[] whole = app.fetch(url).bytes();
        Reply part = app.call(new Request.Builder().url(url).header("Range", "bytes=10-29").build());
        assertThat(part.status()).isEqualTo(206);
        assertThat(part.header("Content-Range")).isEqualTo("bytes 10-29/" + whole.length);
        assertThat(part.bytes()).isEqualTo(Arrays.copyOfRange(whole, 10, 30));
        Reply tail = app.call(new Request.Builder().url(url).header("Range", "bytes=-5").build());
        assertThat(tail.bytes()).isEqualTo(Arrays.copyOfRange(whole, whole.length - 5, whole.length));
        Reply past = app.call(new Request.Builder().url(url).header("Range", "bytes=" + whole.length + "-").build());
        assertThat(past.status()).isEqualTo(416);

        String input = item.path("uploadInputs").path("in").path("url").asText();
        Reply thumb = app.fetch(input + "&thumb=256");
        assertThat(thumb.status()).as(thumb.toString()).isEqualTo(200);
        assertThat(Images.decode(thumb.bytes()).getWidth()).isLessThanOrEqualTo(256);
        assertThat(S3.keys(bucket)).anyMatch(key -> key.contains("/.thumbs/"));
        assertThat(app.fetch(input + "&thumb=256").bytes()).as("the stored one, the second time")
                .isEqualTo(thumb.bytes());
    }

    @Test
    void uploadsAndZipRunsGoThroughTheStoreAndTheArchiveIsServedFromIt() throws IOException {
        Reply upload = app.call(new Request.Builder().url(app.baseUrl() + "/uploads")
                .header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(new FormBody().file("file", "shoe.png", Images.pngDisc()).requestBody()).build());
        assertThat(upload.status()).as(upload.toString()).isEqualTo(201);
        String uploadUrl = upload.json().path("files").get(0).path("url").asText();
        assertThat(app.fetch(uploadUrl).bytes()).isEqualTo(Images.pngDisc());
        long fromUpload = Runs.create(app, workflow, List.of(uploadUrl));
        assertThat(Runs.awaitEnd(app, fromUpload, Duration.ofSeconds(60)).path("status").asText()).isEqualTo("completed");

        Reply zipRun = app.post("/workflows/" + workflow + "/runs", "{\"zipUrl\": \"" + files.url("/two.zip") + "\"}");
        assertThat(zipRun.status()).as(zipRun.toString()).isEqualTo(200);
        long zipRunId = zipRun.json().path("id").asLong();
        JsonNode run = Runs.awaitEnd(app, zipRunId, Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        assertThat(run.path("totalItems").asInt()).isEqualTo(2);
        String archiveUrl = run.path("outputArchiveUrl").asText();
        Reply archive = app.fetch(archiveUrl);
        assertThat(archive.status()).as(archive.toString()).isEqualTo(200);
        assertThat(entryNames(archive.bytes())).containsExactlyInAnyOrder("shoes/red.png", "hats/blue.png");
        assertThat(S3.keys(bucket)).contains("flowrun/test/runs/" + zipRunId + "/outputs.zip")
                .noneMatch(key -> key.startsWith("flowrun/test/runs/" + zipRunId + "/zip/"));
    }

    static List<String> entryNames(byte[] zip) throws IOException {
        List<String> names = new ArrayList<>();
        try (var in = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(zip))) {
            for (var entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                names.add(entry.getName());
            }
        }
        return names;
    }
}
