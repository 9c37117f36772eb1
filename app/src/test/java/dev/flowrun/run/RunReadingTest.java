package dev.flowrun.run;

import static dev.flowrun.support.ApiAssertions.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading runs that have finished, and their files. */
class RunReadingTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer().serve("/red.png", Images.pngDisc())
            .serve("/blue.jpg", Images.jpegDisc()).serve("/notes.txt", "not an image".getBytes());
    static long removeBackground;
    static long productShot;
    static long partialRun;
    static long bigRun;

    @BeforeAll
    static void start() {
        removeBackground = Runs.template(app, "Remove background");
        productShot = Runs.template(app, "Product shot");
        partialRun = create(removeBackground, List.of(files.url("/red.png"), files.url("/missing.png"),
                files.url("/blue.jpg"), files.url("/notes.txt")));
        bigRun = create(removeBackground, IntStream.range(0, 30).mapToObj(i -> files.url("/red.png") + "?n=" + i).toList(),
                IntStream.range(0, 30).mapToObj(i -> (i % 3 == 0 ? "Shoe-" : "bag-") + i + ".png").toList());
        Runs.awaitEnd(app, partialRun, Duration.ofSeconds(60));
        Runs.awaitEnd(app, bigRun, Duration.ofSeconds(60));
    }

    static long create(long workflowId, List<String> urls) {
        return create(workflowId, urls, null);
    }

    static long create(long workflowId, List<String> urls, List<String> names) {
        String list = IntStream.range(0, urls.size()).mapToObj(i -> "{\"url\": \"" + urls.get(i) + "\""
                + (names == null ? "" : ", \"name\": \"" + names.get(i) + "\"") + "}").collect(Collectors.joining(","));
        Reply reply = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [" + list + "]}}}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json().path("id").asLong();
    }

    @Test
    void partialRunCountsEachOutcomeAndKeepsItemErrors() {
        JsonNode run = app.get("/workflows/runs/" + partialRun).json();
        assertThat(run.path("status").asText()).isEqualTo("partial");
        assertThat(run.path("totalItems").asInt()).isEqualTo(4);
        assertThat(run.path("completedItems").asInt()).isEqualTo(2);
        assertThat(run.path("failedItems").asInt()).isEqualTo(2);
        assertThat(run.path("error").isNull()).isTrue();
        JsonNode items = run.path("items");
        assertThat(items.get(0).path("status").asText()).isEqualTo("completed");
        assertThat(items.get(0).path("error").isNull()).isTrue();
        assertThat(items.get(1).path("status").asText()).isEqualTo("failed");
        assertThat(items.get(1).path("error").path("code").asText()).isEqualTo("download_failed");
        assertThat(items.get(1).path("error").path("message").asText()).contains("404");
        assertThat(items.get(1).path("outputs")).isEmpty();
        assertThat(items.get(3).path("error").path("code").asText()).isEqualTo("unsupported_media");
    }

    @Test
    void runWhereEveryItemFailsIsFailedWithoutArchive() {
        long runId = create(removeBackground, List.of(files.url("/missing-1.png"), files.url("/missing-2.png")));
        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).isEqualTo("failed");
        assertThat(run.path("failedItems").asInt()).isEqualTo(2);
        assertThat(run.has("outputArchiveUrl")).isFalse();
    }

    @Test
    void downloadErrorsDoNotRepeatTheUrlsQueryWhereSignedUrlsKeepTheirCredential() {
        long runId = create(removeBackground, List.of(files.url("/missing.png") + "?X-Amz-Signature=topsecret"));
        JsonNode error = Runs.awaitEnd(app, runId, Duration.ofSeconds(60)).path("items").get(0).path("error");
        assertThat(error.path("code").asText()).isEqualTo("download_failed");
        assertThat(error.path("message").asText()).contains("/missing.png").contains("404").doesNotContain("topsecret");
    }

    @Test
    void itemEndpointShowsNodeStatesWithFileUrls() {
        JsonNode page = app.get("/workflows/runs/" + partialRun).json();
        long okItem = page.path("items").get(0).path("id").asLong();
        JsonNode detail = app.get("/workflows/runs/" + partialRun + "/items/" + okItem).json();
        assertThat(detail.path("run").path("id").asLong()).isEqualTo(partialRun);
        assertThat(detail.path("run").has("items")).isFalse();
        JsonNode states = detail.path("item").path("nodeStates");
        assertThat(states).hasSize(3);
        for (JsonNode state : states) {
            assertThat(state.path("status").asText()).isEqualTo("completed");
            assertThat(state.path("startedAt").asText()).matches(TIMESTAMP);
            assertThat(state.path("finishedAt").asText()).matches(TIMESTAMP);
        }
        assertThat(states.get(0).path("nodeId").asText()).isEqualTo("node_1");
        assertThat(states.get(0).path("fileKeys")).hasSize(1);
        JsonNode outputState = states.get(2);
        assertThat(outputState.path("fileKeys").get(0).asText())
                .isEqualTo(detail.path("item").path("outputs").get(0).path("key").asText());
        assertThat(app.fetch(outputState.path("fileUrls").get(0).asText()).status()).isEqualTo(200);
        assertThat(app.fetch(states.get(0).path("fileUrls").get(0).asText()).bytes()).isEqualTo(Images.pngDisc());

        long failedItem = page.path("items").get(1).path("id").asLong();
        JsonNode failed = app.get("/workflows/runs/" + partialRun + "/items/" + failedItem).json().path("item");
        assertThat(failed.path("nodeStates").get(0).path("status").asText()).isEqualTo("failed");
        assertThat(failed.path("nodeStates").get(1).path("status").asText()).isEqualTo("skipped");
        assertThat(failed.path("nodeStates").get(2).path("status").asText()).isEqualTo("skipped");

        assertThat(app.get("/workflows/runs/" + partialRun + "/items/999999").status()).isEqualTo(404);
        long otherRunsItem = app.get("/workflows/runs/" + bigRun).json().path("items").get(0).path("id").asLong();
        assertThat(app.get("/workflows/runs/" + partialRun + "/items/" + otherRunsItem).status()).isEqualTo(404);
    }

    @Test
    void itemsArePagedByIdAscending() {
        JsonNode first = app.get("/workflows/runs/" + bigRun + "?page=1&pageSize=7").json();
        assertThat(first.path("itemsTotal").asInt()).isEqualTo(30);
        assertThat(first.path("page").asInt()).isEqualTo(1);
        assertThat(first.path("pageSize").asInt()).isEqualTo(7);
        assertThat(first.path("items")).hasSize(7);
        JsonNode last = app.get("/workflows/runs/" + bigRun + "?page=5&pageSize=7").json();
        assertThat(last.path("items")).hasSize(2);
        JsonNode past = app.get("/workflows/runs/" + bigRun + "?page=6&pageSize=7").json();
        assertThat(past.path("items")).isEmpty();
        assertThat(past.path("itemsTotal").asInt()).isEqualTo(30);
        List<Long> ids = new ArrayList<>();
        for (int page = 1; page <= 5; page++) {
            app.get("/workflows/runs/" + bigRun + "?page=" + page + "&pageSize=7").json().path("items")
                    .forEach(item -> ids.add(item.path("id").asLong()));
        }
        assertThat(ids).hasSize(30).isSorted().doesNotHaveDuplicates();
        assertThat(app.get("/workflows/runs/" + bigRun + "?pageSize=100").json().path("items")).hasSize(30);
    }

    @Test
    void qFiltersItemsByInputFileNameIgnoringCase() {
        JsonNode shoes = app.get("/workflows/runs/" + bigRun + "?q=SHOE").json();
        assertThat(shoes.path("itemsTotal").asInt()).isEqualTo(10);
        shoes.path("items").forEach(item ->
                assertThat(item.path("uploadInputs").path("node_1").path("fileName").asText()).startsWith("Shoe-"));
        assertThat(app.get("/workflows/runs/" + bigRun + "?q=bag-1").json().path("itemsTotal").asInt())
                .as("bag-1, bag-10, bag-11, bag-13, bag-14, bag-16, bag-17, bag-19").isEqualTo(8);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({"page,0", "page,-1", "page,abc", "page,1.5", "page,99999999999", "pageSize,0", "pageSize,101",
            "pageSize,x", "pageSize,-5"})
    void pagingOutOfRangeIsRefusedWithTheParameterAsField(String name, String value) {
        for (String path : List.of("/workflows/runs/" + bigRun, "/workflows/runs")) {
            Reply reply = app.get(path + "?" + name + "=" + value);
            assertThat(reply.status()).as(path + " " + reply).isEqualTo(400);
            assertThat(reply.errorCode()).isEqualTo("invalid_request");
            assertThat(reply.errorField()).isEqualTo(name);
        }
    }

    @Test
    void listIsNewestFirstWithFiltersAndListFields() {
        long newest = create(productShot, List.of(files.url("/blue.jpg")));
        Runs.awaitEnd(app, newest, Duration.ofSeconds(60));
        JsonNode list = app.get("/workflows/runs?pageSize=100").json();
        assertThat(list.path("page").asInt()).isEqualTo(1);
        assertThat(list.path("pageSize").asInt()).isEqualTo(100);
        assertThat(list.path("total").asInt()).isEqualTo(list.path("items").size());
        JsonNode first = list.path("items").get(0);
        assertThat(first.path("id").asLong()).isEqualTo(newest);
        for (String field : List.of("id", "name", "status", "totalItems", "completedItems", "failedItems", "workflowId",
                "trigger", "outputArchiveUrl", "createdAt", "finishedAt")) {
            assertThat(first.has(field)).as(field).isTrue();
        }
        List<Long> ids = new ArrayList<>();
        list.path("items").forEach(run -> ids.add(run.path("id").asLong()));
        assertThat(ids).isSortedAccordingTo((a, b) -> Long.compare(b, a));

        JsonNode partials = app.get("/workflows/runs?status=partial").json();
        assertThat(partials.path("items")).allSatisfy(run -> assertThat(run.path("status").asText()).isEqualTo("partial"));
        assertThat(partials.path("total").asInt()).isGreaterThanOrEqualTo(1);
        JsonNode byWorkflow = app.get("/workflows/runs?workflowId=" + productShot).json();
        assertThat(byWorkflow.path("total").asInt()).isPositive();
        assertThat(byWorkflow.path("items"))
                .allSatisfy(run -> assertThat(run.path("workflowId").asLong()).isEqualTo(productShot));
        assertThat(app.get("/workflows/runs?status=done").errorField()).isEqualTo("status");
        assertThat(app.get("/workflows/runs?workflowId=x").errorField()).isEqualTo("workflowId");
        assertThat(app.get("/workflows/runs?page=999").json().path("items")).isEmpty();
    }

    @Test
    void productShotGivesAWhite1024SquareJpeg() {
        long runId = create(productShot, List.of(files.url("/blue.jpg")));
        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).isEqualTo("completed");
        JsonNode output = run.path("items").get(0).path("outputs").get(0);
        assertThat(output.path("processedNodeChain"))
                .hasToString("[\"imageInput\",\"removeBackground\",\"trim\",\"pad\",\"output\"]");
        Reply jpeg = app.fetch(output.path("url").asText());
        assertThat(jpeg.header("Content-Type")).isEqualTo("image/jpeg");
        assertThat(jpeg.header("Content-Disposition")).contains("blue.jpg");
        BufferedImage image = Images.decode(jpeg.bytes());
        assertThat(image.getWidth()).isEqualTo(1024);
        assertThat(image.getHeight()).isEqualTo(1024);
        assertThat(image.getRGB(3, 3) & 0xFFFFFF).isEqualTo(0xFFFFFF);
        int centre = image.getRGB(512, 512);
        assertThat(centre & 0xFF).as("blue channel of the subject").isGreaterThan(150);
    }

    @Test
    void downloadEndpointGivesFreshUrlsForEveryOutput() {
        JsonNode download = app.get("/workflows/runs/" + partialRun + "/download").json();
        assertThat(download.path("archiveUrl").asText()).startsWith(app.baseUrl() + "/files/");
        assertThat(download.path("expiresAt").asText()).matches(TIMESTAMP);
        assertThat(download.path("files")).hasSize(2);
        JsonNode file = download.path("files").get(0);
        assertThat(file.path("fileName").asText()).isEqualTo("red.png");
        assertThat(file.path("itemId").isIntegralNumber()).isTrue();
        assertThat(app.fetch(file.path("url").asText()).status()).isEqualTo(200);
        assertThat(app.fetch(download.path("archiveUrl").asText()).header("Content-Disposition")).contains("outputs.zip");
    }

    @Test
    void signedUrlsRefuseAnyChangeWith403() {
        String url = app.get("/workflows/runs/" + partialRun).json().path("items").get(0).path("outputs").get(0)
                .path("url").asText();
        assertThat(app.fetch(url).status()).isEqualTo(200);
        String sig = url.substring(url.indexOf("sig=") + 4);
        String flipped = sig.charAt(0) == 'A' ? "B" + sig.substring(1) : "A" + sig.substring(1);
        List<String> tampered = List.of(
                url.replace("sig=" + sig, "sig=" + flipped),
                url.replaceAll("expires=(\\d+)", "expires=9$1"),
                url.replace("red.png", "red.PNG"),
                url.substring(0, url.indexOf('?')),
                url.replace("/out/", "/in/"));
        for (String bad : tampered) {
            Reply reply = app.fetch(bad);
            assertThat(reply.status()).as(bad).isEqualTo(403);
            assertThat(reply.errorCode()).isEqualTo("forbidden");
        }
    }

    @Test
    void aFinishedPageReadAgainIsTheSamePageWithWorkingUrlsAndAnswersJson() {
        String path = "/workflows/runs/" + bigRun + "?page=2&pageSize=7&q=shoe";
        Reply first = app.get(path);
        Reply again = app.get(path);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.header("Content-Type")).startsWith("application/json");
        assertThat(withoutUrlQueries(again.json())).isEqualTo(withoutUrlQueries(first.json()));
        assertThat(again.json().path("itemsTotal").asInt()).isEqualTo(10);
        assertThat(again.json().path("items")).hasSize(3);
        for (JsonNode url : again.json().findValues("url")) {
            assertThat(app.fetch(url.asText()).status()).as(url.asText()).isEqualTo(200);
        }
        // Every URL of one answer expires at the same moment, one TTL from now.
        assertThat(again.json().findValues("url").stream().map(u -> u.asText().replaceAll(".*expires=(\\d+).*", "$1"))
                .distinct()).hasSize(1);
    }

    /** The page with every signed URL cut at its query (their expiry moves with the clock). */
    private static String withoutUrlQueries(JsonNode json) {
        return json.toString().replaceAll("\\?expires=\\d+&sig=[A-Za-z0-9_-]+", "");
    }
}
