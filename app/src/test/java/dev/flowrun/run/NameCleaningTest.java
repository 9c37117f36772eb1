package dev.flowrun.run;

import static dev.flowrun.run.ZipRuns.awaitTerminal;
import static dev.flowrun.run.ZipRuns.entryNames;
import static dev.flowrun.run.ZipRuns.fileNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.util.ArrayList;
import java.util.List;
import okhttp3.Request;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A name with a right-to-left override ({@code invoice\u202Egpj.exe} shows as "invoiceexe.jpg") loses it, and
 * every other control or format character, wherever a name is taken: a URL, an upload, a zip entry.
 */
class NameCleaningTest {
    static final String TRICK = "invoice\u202Egpj.exe";
    static final String CLEAN = "invoicegpj.exe";
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer()
            .serve("/invoice%E2%80%AEgpj.exe", Zips.png(1))
            .serve("/plain.png", Zips.png(2))
            .serve("/names.zip", Zips.builder().add("shoes/" + TRICK, Zips.png(3))
                    .add("bell\u0007\u200Bring.png", Zips.png(4)).build());

    /** Input names, output names and archive entries of a finished run, none holding a Cc or Cf character. */
    static List<String> namesOf(JsonNode run) {
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        List<JsonNode> items = ZipRuns.items(app, run.path("id").asLong());
        List<String> names = new ArrayList<>(fileNames(items));
        app.get("/workflows/runs/" + run.path("id").asLong() + "/download").json().path("files")
                .forEach(output -> names.add(output.path("fileName").asText()));
        names.addAll(entryNames(app.fetch(run.path("outputArchiveUrl").asText()).bytes()));
        assertThat(String.join("", names).codePoints())
                .noneMatch(c -> Character.getType(c) == Character.FORMAT || Character.getType(c) == Character.CONTROL);
        return names;
    }

    @Test
    void aUrlsLastSegmentAndAGivenNameLoseTheOverride() {
        Reply created = app.post("/workflows/" + ZipRuns.workflowOf(app) + "/runs", """
                {"inputs": {"imageInput": {"files": [{"url": "%s"}, {"url": "%s", "name": "%s"}]}}}"""
                .formatted(files.url("/invoice%E2%80%AEgpj.exe"), files.url("/plain.png"), "invoice\\u202Egpj.exe"));
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        List<String> names = namesOf(awaitTerminal(app, created.json().path("id").asLong()));
        assertThat(names).containsExactly(CLEAN, CLEAN, "invoicegpj.png", "invoicegpj.png",
                "invoicegpj.png", "invoicegpj-1.png");
    }

    @Test
    void anUploadedFileNameLosesTheOverride() {
        String runs = app.baseUrl() + "/workflows/" + ZipRuns.workflowOf(app) + "/runs";
        Reply created = app.call(new Request.Builder().url(runs)
                .header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(new FormBody().file("file", TRICK, Zips.png(5)).requestBody()).build());
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        assertThat(namesOf(awaitTerminal(app, created.json().path("id").asLong())))
                .containsExactly(CLEAN, "invoicegpj.png", "invoicegpj.png");
    }

    @Test
    void zipEntryNamesLoseControlAndFormatCharacters() {
        long runId = ZipRuns.create(app, files.url("/names.zip"), null).path("id").asLong();
        assertThat(namesOf(awaitTerminal(app, runId))).containsExactlyInAnyOrder(
                "shoes/" + CLEAN, "bellring.png", "shoes/invoicegpj.png", "bellring.png",
                "shoes/invoicegpj.png", "bellring.png");
    }
}
