package dev.flowrun.run;

import static dev.flowrun.run.ZipRuns.awaitTerminal;
import static dev.flowrun.run.ZipRuns.entryNames;
import static dev.flowrun.run.ZipRuns.fileNames;
import static dev.flowrun.run.ZipRuns.items;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.ApiAssertions;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Zip runs and their layouts (docs/zip-runs.md), over real HTTP: archives made here, served from loopback. */
class ZipRunTest {
    static final byte[] RED = Zips.png(1);
    static final byte[] BLUE = Images.jpegDisc();
    static final byte[] GREEN = Zips.png(2);
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static FileServer files;

    @BeforeAll
    static void start() {
        byte[] nested = Zips.builder()
                .folder("shoes")
                .add("shoes/red.png", RED)
                .folder("shoes/summer")
                .add("shoes/summer/blue.jpg", BLUE)
                .add("hats/red.png", GREEN)
                .add("readme.txt", "a price list".getBytes(StandardCharsets.UTF_8))
                .add("shoes/fake.png", "text, whatever the name says".getBytes(StandardCharsets.UTF_8))
                .add("__MACOSX/shoes/._red.png", RED)
                .add(".DS_Store", new byte[] {0, 0, 0, 1, 'B', 'u', 'd', '1'})
                .build();
        files = new FileServer().serve("/nested.zip", nested);
    }

    @Test
    void createAnswersAtOnceThenEveryImageOfTheArchiveBecomesAnItemNamedByItsPath() {
        files.hold();
        JsonNode created = ZipRuns.create(app, files.heldUrl("/nested.zip"), null);
        assertThat(created.path("status").asText()).isEqualTo("queued");
        assertThat(created.path("totalItems").asInt()).isZero();
        assertThat(created.path("completedItems").asInt()).isZero();
        assertThat(created.path("failedItems").asInt()).isZero();
        assertThat(created.path("createdAt").asText()).matches(ApiAssertions.TIMESTAMP);
        long runId = created.path("id").asLong();
        Await.until("the archive to be requested", Duration.ofSeconds(10), () -> files.heldRequests() > 0);
        JsonNode downloading = ZipRuns.run(app, runId);
        assertThat(downloading.path("status").asText()).isEqualTo("queued");
        assertThat(downloading.path("totalItems").asInt()).isZero();
        assertThat(downloading.path("itemsTotal").asInt()).isZero();
        files.release();

        JsonNode done = awaitTerminal(app, runId);
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        assertThat(done.path("totalItems").asInt()).isEqualTo(3);
        assertThat(done.path("completedItems").asInt()).isEqualTo(3);
        assertThat(done.path("error").isNull()).isTrue();
        List<JsonNode> items = items(app, runId);
        assertThat(fileNames(items)).containsExactly("shoes/red.png", "shoes/summer/blue.jpg", "hats/red.png");
        // The extracted input is served back byte for byte, under a key of the run's own folder.
        JsonNode input = items.get(1).path("uploadInputs").path("in");
        assertThat(input.path("key").asText()).startsWith("runs/" + runId + "/in/1/in/").endsWith("blue.jpg");
        assertThat(app.fetch(input.path("url").asText()).bytes()).isEqualTo(BLUE);
        assertThat(items).allSatisfy(item -> assertThat(item.path("outputs")).hasSize(1));

        Reply archive = app.fetch(done.path("outputArchiveUrl").asText());
        assertThat(archive.status()).isEqualTo(200);
        assertThat(entryNames(archive.bytes())).as("preserve is the default")
                .containsExactly("shoes/red.png", "shoes/summer/blue.png", "hats/red.png");
        assertThat(ZipRuns.filesUnder(ZipRuns.runFolder(app, runId).resolve("zip")))
                .as("the downloaded archive is not kept").isEmpty();
    }

    @Test
    void flattenPutsEveryOutputAtTheRootAndNumbersCollisionsTheSameWayEveryTime() {
        long first = ZipRuns.create(app, files.url("/nested.zip"), "flatten").path("id").asLong();
        long second = ZipRuns.create(app, files.url("/nested.zip"), "flatten").path("id").asLong();
        List<String> firstNames = entryNames(app.fetch(awaitTerminal(app, first).path("outputArchiveUrl").asText()).bytes());
        List<String> secondNames = entryNames(app.fetch(awaitTerminal(app, second).path("outputArchiveUrl").asText()).bytes());

        assertThat(firstNames).containsExactly("red.png", "blue.png", "red-1.png");
        assertThat(secondNames).isEqualTo(firstNames);
        assertThat(fileNames(items(app, first))).as("item names keep their folders")
                .containsExactly("shoes/red.png", "shoes/summer/blue.jpg", "hats/red.png");
    }

    @Test
    void preserveKeepsSameNamedFilesOfDifferentFoldersApart() {
        long runId = ZipRuns.create(app, files.url("/nested.zip"), "preserve").path("id").asLong();
        JsonNode done = awaitTerminal(app, runId);
        assertThat(entryNames(app.fetch(done.path("outputArchiveUrl").asText()).bytes()))
                .containsExactly("shoes/red.png", "shoes/summer/blue.png", "hats/red.png");
    }

    @Test
    void itemsAreFoundByTheirPathInTheArchive() {
        long runId = ZipRuns.create(app, files.url("/nested.zip"), null).path("id").asLong();
        awaitTerminal(app, runId);
        JsonNode summer = app.get("/workflows/runs/" + runId + "?q=SUMMER").json();
        assertThat(summer.path("itemsTotal").asInt()).isEqualTo(1);
        assertThat(fileNames(List.of(summer.path("items").get(0)))).containsExactly("shoes/summer/blue.jpg");
        assertThat(app.get("/workflows/runs/" + runId + "?q=red.png").json().path("itemsTotal").asInt()).isEqualTo(2);
    }

    @Test
    void aWorkflowWithSeveralInputNodesCannotTakeAZip() {
        Reply workflow = app.post("/workflows", """
                {"name": "Two inputs", "graph": {
                  "nodes": [{"id": "a", "type": "imageInput"}, {"id": "b", "type": "imageInput"},
                            {"id": "oa", "type": "output"}, {"id": "ob", "type": "output"}],
                  "edges": [{"id": "e1", "source": "a", "target": "oa"}, {"id": "e2", "source": "b", "target": "ob"}]}}""");
        assertThat(workflow.status()).as(workflow.toString()).isEqualTo(201);
        Reply reply = app.post("/workflows/" + workflow.json().path("id").asLong() + "/runs",
                "{\"zipUrl\": \"" + files.url("/nested.zip") + "\"}");
        JsonNode error = ApiAssertions.assertError(reply, 400, "invalid_request");
        assertThat(error.path("field").asText()).isEqualTo("zipUrl");
        assertThat(error.path("message").asText()).contains("2 input nodes");
    }

    @Test
    void aZipUrlMustBeAnHttpUrl() {
        for (String bad : List.of("ftp://example.com/a.zip", "not a url", "file:///etc/passwd")) {
            Reply reply = app.post("/workflows/" + ZipRuns.workflowOf(app) + "/runs", "{\"zipUrl\": \"" + bad + "\"}");
            assertThat(ApiAssertions.assertError(reply, 400, "invalid_request").path("field").asText()).isEqualTo("zipUrl");
        }
        Reply notText = app.post("/workflows/" + ZipRuns.workflowOf(app) + "/runs", "{\"zipUrl\": 42}");
        assertThat(ApiAssertions.assertError(notText, 400, "invalid_request").path("field").asText()).isEqualTo("zipUrl");
    }
}
