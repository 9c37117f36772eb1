package dev.flowrun.workflow;

import static dev.flowrun.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A field in a node's data that its type does not take is refused when saved, and kept running once saved. */
class NodeDataFieldsTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();

    /** The message of the refusal of {@code in → mid (type, data) → out}. */
    static String refusal(String type, String data) {
        Reply reply = app.post("/workflows", WorkflowApiTest.body("typo", WorkflowApiTest.chain(type, data)));
        assertError(reply, 400, "invalid_workflow");
        return reply.json().path("error").path("message").asText();
    }

    static void accepted(String graph) {
        Reply reply = app.post("/workflows", WorkflowApiTest.body("accepted", graph));
        assertThat(reply.status()).as(graph + " → " + reply).isEqualTo(201);
    }

    @Test
    void padColourIsRefusedAndTheFieldsPadTakesAreListed() {
        String message = refusal("pad", "{\"width\": 100, \"height\": 100, \"colour\": \"#FFFFFF\"}");
        assertThat(message).contains("'mid'", "pad", "'data.colour'", "background").doesNotContain("'color'");
    }

    @Test
    void misspeltFieldsAreRefusedWithTheClosestSuggested() {
        assertThat(refusal("removeBackground", "{\"feathr\": 2}"))
                .contains("'mid'", "removeBackground", "'data.feathr'", "did you mean 'feather'?");
        String quality = refusal("output", "{\"format\": \"jpeg\", \"qualty\": 80}");
        assertThat(quality).contains("'mid'", "output", "'data.qualty'", "did you mean 'quality'?");
        assertThat(refusal("removeBackground", "{\"mode\": \"model\"}"))
                .contains("'mid'", "'data.mode'", "method");
        assertThat(refusal("fill", "{\"colour\": \"#FFFFFF\"}")).contains("'data.colour'", "did you mean 'color'?");
    }

    @Test
    void aMisspeltRequiredFieldIsNamedAsMisspeltRatherThanAsMissing() {
        assertThat(refusal("crop", "{\"x\": 0, \"y\": 0, \"widht\": 10, \"height\": 10}"))
                .contains("'data.widht'", "did you mean 'width'?");
    }

    @Test
    void labelAndEveryDocumentedFieldAreAccepted() {
        accepted(WorkflowApiTest.chain("removeBackground",
                "{\"label\": \"Cut\", \"method\": \"classic\", \"tolerance\": 10, \"feather\": 2}"));
        accepted(WorkflowApiTest.chain("resize",
                "{\"width\": 10, \"height\": 10, \"fit\": \"cover\", \"upscale\": true}"));
        accepted(WorkflowApiTest.chain("pad",
                "{\"label\": \"Square\", \"width\": 10, \"height\": 10, \"background\": \"transparent\"}"));
    }

    @Test
    void aWorkflowSavedWithAFieldNoLongerTakenKeepsRunning() {
        long id = Runs.linear(app, "{\"id\": \"middle\", \"type\": \"grayscale\"}");
        // As a workflow saved before the check was there: the field is written into the stored graph directly.
        ObjectNode graph = (ObjectNode) app.get("/workflows/" + id).json().path("graph");
        ((ObjectNode) graph.path("nodes").get(1).path("data")).put("colour", "red");
        Jdbi.create(app.dbUrl()).useHandle(h -> h.createUpdate("UPDATE workflows SET graph = :graph WHERE id = :id")
                .bind("graph", graph.toString()).bind("id", id).execute());
        assertThat(app.get("/workflows/" + id).json().toString()).contains("colour");
        try (FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long runId = Runs.create(app, id, List.of(files.url("/red.png")));
            assertThat(Runs.awaitEnd(app, runId, Duration.ofSeconds(30)).path("status").asText()).isEqualTo("completed");
        }
        Reply resaved = app.put("/workflows/" + id, "{\"graph\": " + app.get("/workflows/" + id).json().path("graph") + "}");
        assertError(resaved, 400, "invalid_workflow");
        assertThat(resaved.json().path("error").path("message").asText()).contains("'data.colour'");
    }
}
