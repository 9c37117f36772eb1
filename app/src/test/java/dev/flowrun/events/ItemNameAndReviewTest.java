package dev.flowrun.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.OpenApiCheck;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.SseReader;
import dev.flowrun.support.SseReader.Event;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.ToldCutouts;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Contract §5: every item carries {@code name} (its input file's name; with several input nodes, the first input
 * node's in the graph's order), and a live {@code item} event carries the item's {@code name} and {@code needsReview},
 * so a client following a run can tell which photo to look at without reading the item.
 */
class ItemNameAndReviewTest {
    static final OpenApiCheck API = new OpenApiCheck();
    @AutoClose
    static TestApp app;
    @AutoClose
    static FileServer files;

    @BeforeAll
    static void start() {
        app = TestApp.start(Map.of("FLOWRUN_REVIEW_BELOW", "0.5"), NodeCatalogue.standard(ToldCutouts.REMOVER));
        files = new FileServer().serve("/sure.png", ToldCutouts.picture(230, 230, 0))
                .serve("/unsure.png", ToldCutouts.picture(40, 40, 0));
    }

    @Test
    void itemEventsAndItemsCarryTheNameAndTheReviewMark() {
        Reply created = app.post("/workflows/" + Runs.template(app, "Remove background") + "/runs", """
                {"inputs": {"imageInput": {"files": [{"url": "%s", "name": "red shoe.png"},
                  {"url": "%s", "name": "blue \\"suede\\" shoe – 2.png"}]}}}"""
                .formatted(files.url("/sure.png"), files.url("/unsure.png")));
        assertThat(created.status()).as(created.toString()).isIn(200, 201);
        long runId = created.json().path("id").asLong();
        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));

        assertThat(run.path("items")).extracting(item -> item.path("name").asText())
                .containsExactly("red shoe.png", "blue \"suede\" shoe – 2.png");
        API.assertConforms("GET", "/workflows/runs/{runId}", app.get("/workflows/runs/" + runId));

        // The run has ended: a reconnect from the start gets every event it sent.
        try (SseReader reader = SseReader.open(app.baseUrl() + "/workflows/runs/" + runId + "/events",
                TestApp.API_KEY, "0")) {
            List<Event> items = reader.rest().stream().filter(e -> e.name().equals("item")).toList();
            assertThat(items).hasSize(2);
            items.forEach(e -> API.assertValid("RunItemEvent", e.data().toString()));
            Map<String, Boolean> review = new java.util.TreeMap<>();
            items.forEach(e -> review.put(e.data().path("name").asText(), e.data().path("needsReview").asBoolean()));
            assertThat(review).containsExactly(Map.entry("blue \"suede\" shoe – 2.png", true),
                    Map.entry("red shoe.png", false));
        }
    }

    @Test
    void withSeveralInputNodesAnItemIsNamedAfterTheFirstInTheGraphsOrder() {
        Reply workflow = app.post("/workflows", """
                {"name": "two inputs", "graph": {"nodes": [{"id": "front", "type": "imageInput"},
                  {"id": "back", "type": "imageInput"}, {"id": "out1", "type": "output"},
                  {"id": "out2", "type": "output", "data": {"label": "back"}}],
                 "edges": [{"source": "front", "target": "out1"}, {"source": "back", "target": "out2"}]}}""");
        assertThat(workflow.status()).as(workflow.toString()).isEqualTo(201);
        Reply created = app.post("/workflows/" + workflow.json().path("id").asLong() + "/runs", """
                {"inputs": {"back": {"files": [{"url": "%s", "name": "back.png"}]},
                            "front": {"files": [{"url": "%s", "name": "front.png"}]}}}"""
                .formatted(files.url("/sure.png"), files.url("/unsure.png")));
        assertThat(created.status()).as(created.toString()).isIn(200, 201);
        JsonNode run = Runs.awaitEnd(app, created.json().path("id").asLong(), Duration.ofSeconds(60));
        assertThat(run.path("items").get(0).path("name").asText()).isEqualTo("front.png");
    }
}
