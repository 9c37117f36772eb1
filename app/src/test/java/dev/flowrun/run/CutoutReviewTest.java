package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.PrometheusText;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.ToldCutouts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A cut-out's method and confidence on its node state, items that need review below FLOWRUN_REVIEW_BELOW, a run's
 * count of them, {@code ?review=true}, and the confidence histogram (README, Background removal). The confidences
 * come from {@link ToldCutouts}, so each item's is known.
 */
class CutoutReviewTest {
    @AutoClose
    static TestApp app;
    @AutoClose
    static FileServer files;
    static long runId;

    @BeforeAll
    static void start() {
        app = TestApp.start(Map.of("FLOWRUN_REVIEW_BELOW", "0.6"), NodeCatalogue.standard(ToldCutouts.REMOVER));
        files = new FileServer()
                .serve("/sure.png", ToldCutouts.picture(204, 204, 0xFF)) // 0.8, model
                .serve("/unsure.png", ToldCutouts.picture(51, 51, 0)) // 0.2
                .serve("/half.png", ToldCutouts.picture(204, 51, 0)) // 0.8 whole, 0.2 for its right half
                .serve("/even.png", ToldCutouts.picture(153, 153, 0)); // 0.6: not below the mark
        // Two cut-outs per item: the whole picture, and its right half.
        Reply created = app.post("/workflows", """
                {"name": "two cut-outs", "graph": {"nodes": [
                  {"id": "in", "type": "imageInput"},
                  {"id": "whole", "type": "removeBackground"}, {"id": "out", "type": "output"},
                  {"id": "right", "type": "crop", "data": {"x": 4, "y": 0, "width": 4, "height": 8}},
                  {"id": "half", "type": "removeBackground"}, {"id": "out_half", "type": "output"}],
                 "edges": [{"source": "in", "target": "whole"}, {"source": "whole", "target": "out"},
                           {"source": "in", "target": "right"}, {"source": "right", "target": "half"},
                           {"source": "half", "target": "out_half"}]}}""");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        runId = Runs.create(app, created.json().path("id").asLong(), List.of(files.url("/sure.png"),
                files.url("/unsure.png"), files.url("/half.png"), files.url("/even.png")));
        assertThat(Runs.awaitEnd(app, runId, Duration.ofSeconds(60)).path("status").asText()).isEqualTo("completed");
    }

    static List<String> names(JsonNode page) {
        List<String> names = new ArrayList<>();
        page.path("items").forEach(item -> names.add(item.path("uploadInputs").path("in").path("fileName").asText()));
        return names;
    }

    @Test
    void eachCutOutsNodeStateCarriesItsMethodAndConfidenceAndOtherNodesNull() {
        Map<String, JsonNode> items = Runs.itemsByName(Runs.get(app, runId));
        JsonNode half = app.get("/workflows/runs/" + runId + "/items/" + items.get("half.png").path("id").asLong())
                .json().path("item");
        Map<String, JsonNode> states = new java.util.HashMap<>();
        half.path("nodeStates").forEach(state -> states.put(state.path("nodeId").asText(), state));
        assertThat(states.get("whole").path("method").asText()).isEqualTo("classic");
        assertThat(states.get("whole").path("confidence").asDouble()).isEqualTo(0.8);
        assertThat(states.get("half").path("confidence").asDouble()).isEqualTo(0.2);
        for (String other : List.of("in", "right", "out", "out_half")) {
            assertThat(states.get(other).has("method")).as(other).isTrue();
            assertThat(states.get(other).path("method").isNull()).as(other + " method").isTrue();
            assertThat(states.get(other).path("confidence").isNull()).as(other + " confidence").isTrue();
        }
        JsonNode sure = app.get("/workflows/runs/" + runId + "/items/" + items.get("sure.png").path("id").asLong())
                .json().path("item");
        assertThat(sure.path("nodeStates").findValuesAsText("method")).contains("model");
    }

    @Test
    void anItemNeedsReviewWhenItsLowestConfidenceIsBelowTheMark() {
        JsonNode run = Runs.get(app, runId);
        Map<String, JsonNode> items = Runs.itemsByName(run);
        assertThat(items.get("sure.png").path("needsReview").asBoolean()).isFalse();
        assertThat(items.get("unsure.png").path("needsReview").asBoolean()).isTrue();
        assertThat(items.get("half.png").path("needsReview").asBoolean()).as("one of its two cut-outs is unsure")
                .isTrue();
        assertThat(items.get("even.png").path("needsReview").isBoolean()).isTrue();
        assertThat(items.get("even.png").path("needsReview").asBoolean()).as("0.6 is not below 0.6").isFalse();
        assertThat(run.path("reviewItems").asInt()).isEqualTo(2);
        assertThat(app.get("/workflows/runs?pageSize=100").json().path("items").get(0).path("reviewItems").asInt())
                .as("in the list too").isEqualTo(2);
    }

    @Test
    void reviewTrueListsOnlyTheItemsToReviewAndCountsThem() {
        JsonNode review = app.get("/workflows/runs/" + runId + "?review=true").json();
        assertThat(names(review)).containsExactly("unsure.png", "half.png");
        assertThat(review.path("itemsTotal").asInt()).isEqualTo(2);
        assertThat(review.path("reviewItems").asInt()).isEqualTo(2);

        JsonNode second = app.get("/workflows/runs/" + runId + "?review=true&pageSize=1&page=2").json();
        assertThat(names(second)).containsExactly("half.png");
        assertThat(second.path("itemsTotal").asInt()).isEqualTo(2);

        JsonNode named = app.get("/workflows/runs/" + runId + "?review=true&q=HALF").json();
        assertThat(names(named)).containsExactly("half.png");
        assertThat(named.path("itemsTotal").asInt()).isEqualTo(1);

        JsonNode all = app.get("/workflows/runs/" + runId + "?review=false").json();
        assertThat(all.path("itemsTotal").asInt()).isEqualTo(4);
        assertThat(all.path("items")).hasSize(4);
    }

    @Test
    void aReviewValueOtherThanTrueOrFalseIs400NamingTheField() {
        for (String bad : List.of("yes", "1", "TRUE", "")) {
            Reply reply = app.get("/workflows/runs/" + runId + "?review=" + bad);
            assertThat(reply.status()).as(bad).isEqualTo(400);
            assertThat(reply.json().path("error").path("code").asText()).isEqualTo("invalid_request");
            assertThat(reply.json().path("error").path("field").asText()).isEqualTo("review");
        }
    }

    @Test
    void theConfidenceHistogramCountsEachCutOutByMethod() {
        String text = new String(app.get("/metrics", null).bytes(), java.nio.charset.StandardCharsets.UTF_8);
        PrometheusText scrape = new PrometheusText(text);
        assertThat(scrape.type("flowrun_cutout_confidence")).isEqualTo("histogram");
        assertThat(scrape.value("flowrun_cutout_confidence_count", "method", "model")).isEqualTo(2);
        assertThat(scrape.value("flowrun_cutout_confidence_count", "method", "classic")).isEqualTo(6);
        // classic: 0.2 twice (unsure), 0.8 and 0.2 (half), 0.6 twice (even)
        assertThat(scrape.value("flowrun_cutout_confidence_bucket", "method", "classic", "le", "0.2")).isEqualTo(3);
        assertThat(scrape.value("flowrun_cutout_confidence_bucket", "method", "classic", "le", "0.6")).isEqualTo(5);
        assertThat(scrape.value("flowrun_cutout_confidence_sum", "method", "model")).isEqualTo(1.6,
                org.assertj.core.data.Offset.offset(1e-9));
    }
}
