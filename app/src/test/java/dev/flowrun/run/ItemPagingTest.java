package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A run's items are paged by a range of their position, which must follow id order with no gap for inputs runs
 * and for zip runs, whose skipped entries (folders, non-images) take no position.
 */
class ItemPagingTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer().serve("/red.png", Images.pngDisc());

    /** Every page at {@code pageSize}, checking bounds and itemsTotal on each; the page past the end is empty. */
    static List<JsonNode> allPages(long runId, String query, int pageSize, int expectedTotal) {
        List<JsonNode> items = new ArrayList<>();
        int pages = (expectedTotal + pageSize - 1) / pageSize;
        for (int page = 1; page <= pages + 1; page++) {
            JsonNode answer = app.get("/workflows/runs/" + runId + "?" + query + "&page=" + page + "&pageSize=" + pageSize)
                    .json();
            assertThat(answer.path("itemsTotal").asInt()).as("itemsTotal on page " + page).isEqualTo(expectedTotal);
            int expectedSize = page <= pages ? Math.min(pageSize, expectedTotal - (page - 1) * pageSize) : 0;
            assertThat(answer.path("items")).as("items on page " + page).hasSize(expectedSize);
            answer.path("items").forEach(items::add);
        }
        return items;
    }

    static List<String> fileNames(List<JsonNode> items) {
        return items.stream().map(item -> item.path("uploadInputs").path("in").path("fileName").asText()).toList();
    }

    static List<Long> ids(List<JsonNode> items) {
        return items.stream().map(item -> item.path("id").asLong()).toList();
    }

    @Test
    void zipRunItemsArePagedInIdOrderWithSkippedEntriesLeavingNoGap() {
        Zips zip = Zips.builder().add("notes.txt", "not an image".getBytes(StandardCharsets.UTF_8)).folder("a");
        for (int i = 0; i < 7; i++) {
            zip.add("a/" + i + ".png", Zips.png(i + 1)).add("a/" + i + ".txt", "skipped".getBytes(StandardCharsets.UTF_8));
        }
        files.serve("/seven.zip", zip.build());
        long runId = ZipRuns.create(app, files.url("/seven.zip"), null).path("id").asLong();
        ZipRuns.awaitTerminal(app, runId);

        List<JsonNode> items = allPages(runId, "x=1", 3, 7);
        assertThat(ids(items)).isSorted().doesNotHaveDuplicates();
        assertThat(fileNames(items)).containsExactly("a/0.png", "a/1.png", "a/2.png", "a/3.png", "a/4.png", "a/5.png",
                "a/6.png");
        assertThat(ids(allPages(runId, "x=1", 100, 7))).isEqualTo(ids(items));
    }

    @Test
    void inputsRunPagesByPositionAndQStillPagesItsMatches() {
        String list = IntStream.range(0, 11).mapToObj(i -> "{\"url\": \"" + files.url("/red.png") + "\", \"name\": \""
                + (i % 2 == 0 ? "even-" : "odd-") + i + ".png\"}").collect(Collectors.joining(","));
        Reply reply = app.post("/workflows/" + ZipRuns.workflowOf(app) + "/runs",
                "{\"inputs\": {\"in\": {\"files\": [" + list + "]}}}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        long runId = reply.json().path("id").asLong();
        ZipRuns.awaitTerminal(app, runId);

        List<JsonNode> items = allPages(runId, "x=1", 4, 11);
        assertThat(ids(items)).isSorted().doesNotHaveDuplicates();
        assertThat(fileNames(items)).containsExactlyElementsOf(
                IntStream.range(0, 11).mapToObj(i -> (i % 2 == 0 ? "even-" : "odd-") + i + ".png").toList());

        List<JsonNode> even = allPages(runId, "q=EVEN", 2, 6);
        assertThat(ids(even)).isSorted();
        assertThat(fileNames(even)).allSatisfy(name -> assertThat(name).startsWith("even-"));
    }
}
