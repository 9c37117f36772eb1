package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.awt.image.BufferedImage;
import java.time.Duration;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What a graph does to an item's outputs, and which graph a run executes. */
class RunGraphBehaviourTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer().serve("/shoes/red.jpg", Images.jpegDisc());

    static long createWorkflow(String graph) {
        Reply reply = app.post("/workflows", "{\"name\": \"branches\", \"graph\": " + graph + "}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json().path("id").asLong();
    }

    @Test
    void severalOutputsAreNamedByLabelOrNodeIdAndChainsUseLabels() throws Exception {
        long workflowId = createWorkflow("""
                {"nodes": [
                  {"id": "in", "type": "imageInput", "data": {"label": "Photo"}},
                  {"id": "small", "type": "resize", "data": {"width": 40, "label": "Thumbnail"}},
                  {"id": "thumb", "type": "output", "data": {"format": "png", "label": "Small"}},
                  {"id": "gray", "type": "grayscale"},
                  {"id": "out_gray", "type": "output", "data": {"format": "jpeg", "quality": 70}}],
                 "edges": [{"source": "in", "target": "small"}, {"source": "small", "target": "thumb"},
                           {"source": "in", "target": "gray"}, {"source": "gray", "target": "out_gray"}]}""");
        Reply created = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                + files.url("/shoes/red.jpg") + "\", \"name\": \"shoes/red.jpg\"}]}}}");
        JsonNode run = Runs.awaitEnd(app, created.json().path("id").asLong(), Duration.ofSeconds(30));
        assertThat(run.path("status").asText()).isEqualTo("completed");
        JsonNode outputs = run.path("items").get(0).path("outputs");
        assertThat(outputs).hasSize(2);
        assertThat(outputs.get(0).path("processedNodeChain")).hasToString("[\"Photo\",\"Thumbnail\",\"Small\"]");
        assertThat(outputs.get(1).path("processedNodeChain")).hasToString("[\"Photo\",\"grayscale\",\"output\"]");
        assertThat(outputs.get(0).path("key").asText()).endsWith("/red-Small.png");
        assertThat(outputs.get(1).path("key").asText()).endsWith("/red-out_gray.jpg");

        BufferedImage thumb = Images.decode(app.fetch(outputs.get(0).path("url").asText()).bytes());
        assertThat(thumb.getWidth()).isEqualTo(40);
        assertThat(thumb.getHeight()).isEqualTo(30);
        BufferedImage gray = Images.decode(app.fetch(outputs.get(1).path("url").asText()).bytes());
        int centre = gray.getRGB(gray.getWidth() / 2, gray.getHeight() / 2);
        assertThat(Math.abs(((centre >> 16) & 0xFF) - (centre & 0xFF))).as("gray: red ≈ blue").isLessThan(8);

        byte[] zip = app.fetch(run.path("outputArchiveUrl").asText()).bytes();
        assertThat(RunLifecycleTest.entryNames(zip)).containsExactly("shoes/red-Small.png", "shoes/red-out_gray.jpg");
        JsonNode download = app.get("/workflows/runs/" + run.path("id").asLong() + "/download").json();
        assertThat(download.path("files").get(0).path("fileName").asText()).isEqualTo("shoes/red-Small.png");
    }

    @Test
    void aRunExecutesTheGraphAsItWasWhenCreatedEvenIfTheWorkflowChangesOrGoes() {
        String graph = """
                {"nodes": [{"id": "in", "type": "imageInput"}, {"id": "turn", "type": "rotate", "data": {"degrees": 90}},
                           {"id": "out", "type": "output"}],
                 "edges": [{"source": "in", "target": "turn"}, {"source": "turn", "target": "out"}]}""";
        long workflowId = createWorkflow(graph);
        files.hold();
        long runId = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                + files.heldUrl("/shoes/red.jpg") + "\"}]}}}").json().path("id").asLong();
        Await.until("the item to be downloading", Duration.ofSeconds(10), () -> files.heldRequests() >= 1);

        Reply changed = app.put("/workflows/" + workflowId, "{\"graph\": " + graph.replace("\"degrees\": 90", "\"degrees\": 180") + "}");
        assertThat(changed.status()).isEqualTo(200);
        assertThat(app.delete("/workflows/" + workflowId).status()).isEqualTo(204);
        files.release();

        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(30));
        assertThat(run.path("status").asText()).isEqualTo("completed");
        assertThat(run.path("workflowId").asLong()).isEqualTo(workflowId);
        BufferedImage out = Images.decode(app.fetch(run.path("items").get(0).path("outputs").get(0).path("url").asText()).bytes());
        assertThat(out.getWidth()).as("rotated 90° as created: 160×120 became 120×160").isEqualTo(120);
        assertThat(out.getHeight()).isEqualTo(160);
        assertThat(app.get("/workflows/runs?workflowId=" + workflowId).json().path("total").asInt()).isEqualTo(1);
        assertThat(app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {}}").status()).isEqualTo(404);
    }
}
