package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.ApiAssertions;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import okhttp3.Request;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every file URL answers with its Content-Length and serves single byte ranges, so an interrupted
 * download of a big output archive resumes where it stopped.
 */
class ZipOutputDownloadTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static FileServer files;
    static String archiveUrl;
    static byte[] archive;
    static String inputUrl;

    @BeforeAll
    static void start() {
        Zips zip = Zips.builder();
        for (int i = 0; i < 12; i++) {
            zip.add("set-" + (i % 3) + "/photo-" + i + ".png", Zips.png(i));
        }
        files = new FileServer().serve("/photos.zip", zip.build());
        long workflowId = ZipRuns.passThroughWorkflow(app);
        long runId = ZipRuns.create(app, workflowId, files.url("/photos.zip"), "preserve").path("id").asLong();
        JsonNode done = ZipRuns.awaitTerminal(app, runId);
        archiveUrl = done.path("outputArchiveUrl").asText();
        archive = app.fetch(archiveUrl).bytes();
        inputUrl = done.path("items").get(0).path("uploadInputs").path("in").path("url").asText();
    }

    static Reply get(String url, String... headers) {
        Request.Builder request = new Request.Builder().url(url);
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return app.call(request.build());
    }

    @Test
    void aWholeFileAnswersWithItsLengthAndSaysRangesAreAccepted() {
        Reply whole = get(archiveUrl);
        assertThat(whole.status()).isEqualTo(200);
        assertThat(ZipRuns.entryNames(whole.bytes())).hasSize(12);
        assertThat(whole.header("Content-Length")).isEqualTo(Integer.toString(archive.length));
        assertThat(whole.header("Accept-Ranges")).isEqualTo("bytes");
        assertThat(whole.header("ETag")).startsWith("\"").endsWith("\"");
        assertThat(whole.header("Last-Modified")).endsWith(" GMT");
        Reply input = get(inputUrl);
        assertThat(input.header("Content-Length")).isEqualTo(Integer.toString(input.bytes().length));
        assertThat(input.header("Content-Type")).isEqualTo("image/png");
    }

    @Test
    void aRangeAnswers206WithThoseBytesOnly() {
        int size = archive.length;
        Reply first = get(archiveUrl, "Range", "bytes=0-99");
        assertThat(first.status()).isEqualTo(206);
        assertThat(first.header("Content-Range")).isEqualTo("bytes 0-99/" + size);
        assertThat(first.header("Content-Length")).isEqualTo("100");
        assertThat(first.bytes()).isEqualTo(Arrays.copyOfRange(archive, 0, 100));

        Reply rest = get(archiveUrl, "Range", "bytes=100-");
        assertThat(rest.status()).isEqualTo(206);
        assertThat(rest.header("Content-Range")).isEqualTo("bytes 100-" + (size - 1) + "/" + size);
        assertThat(rest.bytes()).isEqualTo(Arrays.copyOfRange(archive, 100, size));

        Reply tail = get(archiveUrl, "Range", "bytes=-22");
        assertThat(tail.status()).isEqualTo(206);
        assertThat(tail.header("Content-Range")).isEqualTo("bytes " + (size - 22) + "-" + (size - 1) + "/" + size);
        assertThat(tail.bytes()).isEqualTo(Arrays.copyOfRange(archive, size - 22, size));

        Reply inputPart = get(inputUrl, "Range", "bytes=1-3");
        assertThat(inputPart.status()).isEqualTo(206);
        assertThat(new String(inputPart.bytes(), java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }

    @Test
    void aRangePastTheEndAnswers416WithTheSizeAndAJsonError() {
        Reply past = get(archiveUrl, "Range", "bytes=" + archive.length + "-");
        ApiAssertions.assertError(past, 416, "range_not_satisfiable");
        assertThat(past.header("Content-Range")).isEqualTo("bytes */" + archive.length);
        ApiAssertions.assertError(get(archiveUrl, "Range", "bytes=-0"), 416, "range_not_satisfiable");
    }

    @Test
    void rangesThatCannotBeServedAsOneAreAnsweredWithTheWholeFile() {
        for (String range : new String[] {"bytes=0-1,5-6", "bytes=9-2", "lines=1-2", "bytes=x-"}) {
            Reply reply = get(archiveUrl, "Range", range);
            assertThat(reply.status()).as(range).isEqualTo(200);
            assertThat(reply.bytes()).as(range).isEqualTo(archive);
        }
    }

    @Test
    void anInterruptedDownloadResumesIntoTheSameArchive() {
        int cut = archive.length / 3;
        Reply start = get(archiveUrl, "Range", "bytes=0-" + (cut - 1));
        String etag = start.header("ETag");
        Reply resumed = get(archiveUrl, "Range", "bytes=" + cut + "-", "If-Range", etag);
        assertThat(resumed.status()).isEqualTo(206);
        var joined = new ByteArrayOutputStream();
        joined.writeBytes(start.bytes());
        joined.writeBytes(resumed.bytes());
        assertThat(joined.toByteArray()).isEqualTo(archive);
        assertThat(ZipRuns.entryNames(joined.toByteArray())).contains("set-0/photo-0.png", "set-2/photo-11.png");

        Reply byDate = get(archiveUrl, "Range", "bytes=" + cut + "-", "If-Range", start.header("Last-Modified"));
        assertThat(byDate.status()).isEqualTo(206);
    }

    @Test
    void aResumeAgainstOtherBytesGetsTheWholeFileInstead() {
        Reply stale = get(archiveUrl, "Range", "bytes=10-", "If-Range", "\"not-this-file\"");
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.bytes()).isEqualTo(archive);
    }

    @Test
    void headAnswersTheLengthWithoutABody() {
        Reply head = app.call(new Request.Builder().url(archiveUrl).head().build());
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("Content-Length")).isEqualTo(Integer.toString(archive.length));
        assertThat(head.header("Accept-Ranges")).isEqualTo("bytes");
        assertThat(head.bytes()).isEmpty();
    }
}
