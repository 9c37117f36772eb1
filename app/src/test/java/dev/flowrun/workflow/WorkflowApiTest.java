package dev.flowrun.workflow;

import static dev.flowrun.support.ApiAssertions.TIMESTAMP;
import static dev.flowrun.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Workflow reads, writes and graph validation (openapi.json), over real HTTP. */
class WorkflowApiTest {
    static final List<String> WORKFLOW_FIELDS = List.of("id", "name", "description", "isTemplate", "isSnapshot",
            "category", "coverImage", "sortOrder", "workspaceId", "createdByUserId", "graph", "createdAt", "updatedAt");
    @RegisterExtension
    static final TestApp app = TestApp.forClass();

    // ---- building graphs ----

    static String node(String id, String type, String data) {
        return "{\"id\": \"" + id + "\", \"type\": \"" + type + "\", \"position\": {\"x\": 10, \"y\": 20.5}, \"data\": "
                + data + "}";
    }

    static String node(String id, String type) {
        return node(id, type, "{}");
    }

    static String edge(String id, String source, String target) {
        return "{\"id\": \"" + id + "\", \"source\": \"" + source + "\", \"target\": \"" + target + "\"}";
    }

    static String graph(List<String> nodes, List<String> edges) {
        return "{\"nodes\": [" + String.join(", ", nodes) + "], \"edges\": [" + String.join(", ", edges) + "]}";
    }

    static String body(String name, String graph) {
        return "{\"name\": \"" + name + "\", \"graph\": " + graph + "}";
    }

    /** imageInput → one middle node → output. */
    static String chain(String middleType, String middleData) {
        return graph(List.of(node("in", "imageInput"), node("mid", middleType, middleData), node("out", "output")),
                List.of(edge("e1", "in", "mid"), edge("e2", "mid", "out")));
    }

    static String simpleGraph() {
        return graph(List.of(node("in", "imageInput"), node("out", "output")), List.of(edge("e1", "in", "out")));
    }

    static JsonNode create(String body) {
        Reply reply = app.post("/workflows", body);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    /** POST /workflows with this graph is refused with invalid_workflow; the message names one of {@code atFault}. */
    static void assertRefused(String graph, String... atFault) {
        Reply reply = app.post("/workflows", body("refused", graph));
        assertError(reply, 400, "invalid_workflow");
        if (atFault.length > 0) {
            String message = reply.json().path("error").path("message").asText();
            assertThat(List.of(atFault)).as("message names the node or edge at fault: " + message)
                    .anyMatch(id -> message.contains("'" + id + "'") || message.contains("\"" + id + "\"")
                            || message.matches("(?s).*\\b" + java.util.regex.Pattern.quote(id) + "\\b.*"));
        }
    }

    static void assertAccepted(String graph) {
        Reply reply = app.post("/workflows", body("accepted", graph));
        assertThat(reply.status()).as(graph + " → " + reply).isEqualTo(201);
    }

    static JsonNode byName(JsonNode list, String name) {
        for (JsonNode workflow : list) {
            if (workflow.path("name").asText().equals(name)) {
                return workflow;
            }
        }
        throw new AssertionError("no workflow named " + name + " in " + list);
    }

    static void assertWorkflowShape(JsonNode workflow) {
        List<String> names = new ArrayList<>();
        workflow.fieldNames().forEachRemaining(names::add);
        assertThat(names).as(workflow.toString()).containsAll(WORKFLOW_FIELDS);
        assertThat(workflow.path("id").isIntegralNumber()).isTrue();
        assertThat(workflow.path("name").isTextual()).isTrue();
        assertThat(workflow.path("description").isTextual()).isTrue();
        assertThat(workflow.path("isTemplate").isBoolean()).isTrue();
        assertThat(workflow.path("isSnapshot").isBoolean()).isTrue();
        assertThat(workflow.path("category").isNull()).isTrue();
        assertThat(workflow.path("coverImage").isNull()).isTrue();
        assertThat(workflow.path("sortOrder").isIntegralNumber()).isTrue();
        assertThat(workflow.path("workspaceId").isIntegralNumber()).isTrue();
        assertThat(workflow.path("createdByUserId").isIntegralNumber()).isTrue();
        assertThat(workflow.path("createdAt").asText()).matches(TIMESTAMP);
        assertThat(workflow.path("updatedAt").asText()).matches(TIMESTAMP);
        JsonNode graph = workflow.path("graph");
        assertThat(graph.path("nodes").isArray()).isTrue();
        assertThat(graph.path("edges").isArray()).isTrue();
        for (JsonNode node : graph.path("nodes")) {
            assertThat(node.path("id").isTextual()).as(node.toString()).isTrue();
            assertThat(node.path("type").isTextual()).as(node.toString()).isTrue();
            assertThat(node.path("position").path("x").isNumber()).as(node.toString()).isTrue();
            assertThat(node.path("position").path("y").isNumber()).as(node.toString()).isTrue();
            assertThat(node.path("data").isObject()).as(node.toString()).isTrue();
        }
        for (JsonNode edge : graph.path("edges")) {
            assertThat(edge.path("id").isTextual()).as(edge.toString()).isTrue();
            assertThat(edge.path("source").isTextual()).as(edge.toString()).isTrue();
            assertThat(edge.path("target").isTextual()).as(edge.toString()).isTrue();
        }
    }

    /** The nodes of a linear graph, from its imageInput along the edges. */
    static List<JsonNode> walk(JsonNode graph) {
        List<JsonNode> chain = new ArrayList<>();
        JsonNode current = null;
        for (JsonNode node : graph.path("nodes")) {
            if (node.path("type").asText().equals("imageInput")) {
                current = node;
            }
        }
        while (current != null) {
            chain.add(current);
            String id = current.path("id").asText();
            JsonNode next = null;
            for (JsonNode edge : graph.path("edges")) {
                if (edge.path("source").asText().equals(id)) {
                    for (JsonNode node : graph.path("nodes")) {
                        if (node.path("id").asText().equals(edge.path("target").asText())) {
                            next = node;
                        }
                    }
                }
            }
            current = next;
            assertThat(chain.size()).as("walk terminates").isLessThan(50);
        }
        return chain;
    }

    static List<String> types(List<JsonNode> nodes) {
        return nodes.stream().map(n -> n.path("type").asText()).toList();
    }

    // ---- reads ----

    @Test
    void listIncludesBothTemplatesWithEveryField() {
        Reply reply = app.get("/workflows");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().isArray()).isTrue();
        for (JsonNode workflow : reply.json()) {
            assertWorkflowShape(workflow);
        }
        JsonNode removeBackground = byName(reply.json(), "Remove background");
        JsonNode productShot = byName(reply.json(), "Product shot");
        for (JsonNode template : List.of(removeBackground, productShot)) {
            assertThat(template.path("isTemplate").asBoolean()).isTrue();
            assertThat(template.path("isSnapshot").asBoolean()).isFalse();
        }
        assertThat(removeBackground.path("workspaceId").asLong()).isEqualTo(productShot.path("workspaceId").asLong());

        List<JsonNode> rb = walk(removeBackground.path("graph"));
        assertThat(types(rb)).containsExactly("imageInput", "removeBackground", "output");
        assertThat(rb.get(2).path("data").path("format").asText("png")).isEqualTo("png");
    }

    @Test
    void productShotTemplateIsRemoveBackgroundTrimPadOutputJpeg() {
        JsonNode productShot = byName(app.get("/workflows").json(), "Product shot");
        List<JsonNode> chain = walk(productShot.path("graph"));
        assertThat(types(chain)).containsExactly("imageInput", "removeBackground", "trim", "pad", "output");
        assertThat(productShot.path("graph").path("nodes")).hasSize(5);
        assertThat(productShot.path("graph").path("edges")).hasSize(4);
        JsonNode pad = chain.get(3).path("data");
        assertThat(pad.path("width").asInt()).isEqualTo(1024);
        assertThat(pad.path("height").asInt()).isEqualTo(1024);
        assertThat(pad.path("background").asText()).isEqualToIgnoringCase("#FFFFFF");
        assertThat(chain.get(4).path("data").path("format").asText()).isEqualTo("jpeg");
    }

    @Test
    void getOneWorkflowAnswersTheSameAsTheList() {
        JsonNode productShot = byName(app.get("/workflows").json(), "Product shot");
        Reply one = app.get("/workflows/" + productShot.path("id").asLong());
        assertThat(one.status()).isEqualTo(200);
        assertWorkflowShape(one.json());
        assertThat(one.json()).isEqualTo(productShot);
    }

    @Test
    void idsThatNameNothingAreNotFound() {
        for (String id : new String[] {"abc", "0", "-1", "99999999999999999999", "1.5", "999999"}) {
            assertError(app.get("/workflows/" + id), 404, "not_found");
            assertError(app.put("/workflows/" + id, body("x", simpleGraph())), 404, "not_found");
            assertError(app.delete("/workflows/" + id), 404, "not_found");
            assertError(app.post("/workflows/" + id + "/runs", "{\"zipUrl\": \"https://example.com/a.zip\"}"), 404,
                    "not_found");
        }
    }

    // ---- writes ----

    @Test
    void createAnswers201WithTheWorkflow() {
        String graph = graph(List.of(node("in", "imageInput", "{\"label\": \"Photo\"}"),
                        node("gray", "grayscale"), node("out", "output", "{\"format\": \"jpeg\", \"quality\": 80}")),
                List.of(edge("e1", "in", "gray"), edge("e2", "gray", "out")));
        JsonNode created = create("{\"name\": \"Gray\", \"description\": \"makes it gray\", \"graph\": " + graph + "}");
        assertWorkflowShape(created);
        assertThat(created.path("name").asText()).isEqualTo("Gray");
        assertThat(created.path("description").asText()).isEqualTo("makes it gray");
        assertThat(created.path("isTemplate").asBoolean()).isFalse();
        assertThat(created.path("isSnapshot").asBoolean()).isFalse();
        assertThat(created.path("graph")).isEqualTo(TestApp.parse(graph));
        assertThat(created.path("createdAt").asText()).isEqualTo(created.path("updatedAt").asText());
        long templateWorkspace = byName(app.get("/workflows").json(), "Product shot").path("workspaceId").asLong();
        assertThat(created.path("workspaceId").asLong()).isEqualTo(templateWorkspace);

        Reply fetched = app.get("/workflows/" + created.path("id").asLong());
        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.json()).isEqualTo(created);
        assertThat(app.get("/workflows").json()).contains(created);

        JsonNode noDescription = create(body("No description", simpleGraph()));
        assertThat(noDescription.path("description").isTextual()).isTrue();
        JsonNode template = create("{\"name\": \"Mine\", \"isTemplate\": true, \"graph\": " + simpleGraph() + "}");
        assertThat(template.path("isTemplate").asBoolean()).isTrue();
    }

    @Test
    void putChangesNameAndGraph() {
        JsonNode created = create(body("Before", simpleGraph()));
        long id = created.path("id").asLong();
        String newGraph = chain("rotate", "{\"degrees\": 180}");
        Reply updated = app.put("/workflows/" + id, body("After", newGraph));
        assertThat(updated.status()).as(updated.toString()).isEqualTo(200);
        assertWorkflowShape(updated.json());
        assertThat(updated.json().path("id").asLong()).isEqualTo(id);
        assertThat(updated.json().path("name").asText()).isEqualTo("After");
        assertThat(updated.json().path("graph")).isEqualTo(TestApp.parse(newGraph));
        assertThat(updated.json().path("createdAt")).isEqualTo(created.path("createdAt"));
        Instant createdAt = Instant.parse(created.path("createdAt").asText());
        Instant updatedAt = Instant.parse(updated.json().path("updatedAt").asText());
        assertThat(updatedAt).isAfterOrEqualTo(createdAt)
                .isAfterOrEqualTo(Instant.parse(created.path("updatedAt").asText()));
        assertThat(app.get("/workflows/" + id).json()).isEqualTo(updated.json());

        Reply renamed = app.put("/workflows/" + id, "{\"name\": \"Only the name\"}");
        assertThat(renamed.status()).as(renamed.toString()).isEqualTo(200);
        assertThat(renamed.json().path("name").asText()).isEqualTo("Only the name");
        assertThat(renamed.json().path("graph")).isEqualTo(TestApp.parse(newGraph));
    }

    @Test
    void putWithInvalidGraphIsRefusedAndChangesNothing() {
        JsonNode created = create(body("Stays", simpleGraph()));
        long id = created.path("id").asLong();
        String noOutput = graph(List.of(node("in", "imageInput")), List.of());
        assertError(app.put("/workflows/" + id, body("Changed", noOutput)), 400, "invalid_workflow");
        Reply after = app.get("/workflows/" + id);
        assertThat(after.json()).isEqualTo(created);
        assertError(app.put("/workflows/" + id, "{\"name\": 7}"), 400, "invalid_request");
        assertThat(app.get("/workflows/" + id).json()).isEqualTo(created);
    }

    @Test
    void deleteRemovesTheWorkflow() {
        JsonNode created = create(body("Doomed", simpleGraph()));
        long id = created.path("id").asLong();
        Reply deleted = app.delete("/workflows/" + id);
        assertThat(deleted.status()).as(deleted.toString()).isEqualTo(204);
        assertError(app.get("/workflows/" + id), 404, "not_found");
        assertThat(app.get("/workflows").json().findValues("id").stream().map(JsonNode::asLong).toList())
                .doesNotContain(id);
        assertError(app.delete("/workflows/" + id), 404, "not_found");
        assertError(app.put("/workflows/" + id, body("x", simpleGraph())), 404, "not_found");
    }

    // ---- validation ----

    @Test
    void duplicateNodeIdIsRefused() {
        assertRefused(graph(List.of(node("in", "imageInput"), node("twin", "grayscale"), node("twin", "grayscale"),
                node("out", "output")), List.of(edge("e1", "in", "twin"), edge("e2", "twin", "out"))), "twin");
    }

    @Test
    void emptyNodeIdIsRefused() {
        assertRefused(graph(List.of(node("in", "imageInput"), node("", "grayscale"), node("out", "output")),
                List.of(edge("e1", "in", "out"))));
    }

    @Test
    void edgeToUnknownNodeIsRefused() {
        assertRefused(graph(List.of(node("in", "imageInput"), node("out", "output")),
                List.of(edge("e1", "in", "out"), edge("e_ghost", "in", "ghost"))), "e_ghost", "ghost");
        assertRefused(graph(List.of(node("in", "imageInput"), node("out", "output")),
                List.of(edge("e_phantom", "phantom", "out"))), "e_phantom", "phantom");
    }

    @Test
    void cycleIsRefused() {
        assertRefused(graph(List.of(node("in", "imageInput"), node("out", "output"), node("cyc_a", "grayscale"),
                        node("cyc_b", "grayscale")),
                List.of(edge("e1", "in", "out"), edge("e_ab", "cyc_a", "cyc_b"), edge("e_ba", "cyc_b", "cyc_a"))),
                "cyc_a", "cyc_b", "e_ab", "e_ba");
    }

    @Test
    void graphWithoutImageInputOrOutputIsRefused() {
        assertRefused(graph(List.of(node("gray", "grayscale"), node("out", "output")), List.of(edge("e1", "gray", "out"))));
        assertRefused(graph(List.of(node("in", "imageInput"), node("gray", "grayscale")), List.of(edge("e1", "in", "gray"))));
        assertRefused(graph(List.of(), List.of()));
    }

    @Test
    void nonInputNodeNeedsExactlyOneIncomingEdge() {
        assertRefused(graph(List.of(node("in", "imageInput"), node("out", "output"), node("lonely", "grayscale")),
                List.of(edge("e1", "in", "out"))), "lonely");
        assertRefused(graph(List.of(node("in1", "imageInput"), node("in2", "imageInput"), node("merge", "grayscale"),
                        node("out", "output")),
                List.of(edge("e1", "in1", "merge"), edge("e2", "in2", "merge"), edge("e3", "merge", "out"))), "merge");
        assertRefused(graph(List.of(node("in", "imageInput"), node("orphan_out", "output")), List.of()), "orphan_out");
    }

    @Test
    void imageInputWithIncomingEdgeIsRefused() {
        assertRefused(graph(List.of(node("in", "imageInput"), node("in2", "imageInput"), node("out", "output")),
                List.of(edge("e1", "in", "out"), edge("e_into_input", "in", "in2"))), "e_into_input", "in2");
    }

    @Test
    void outputWithOutgoingEdgeIsRefused() {
        assertRefused(graph(List.of(node("in", "imageInput"), node("out", "output"), node("gray", "grayscale"),
                        node("out2", "output")),
                List.of(edge("e1", "in", "out"), edge("e_from_output", "out", "gray"), edge("e3", "gray", "out2"))),
                "e_from_output", "out");
    }

    @Test
    void unknownNodeTypeIsRefused() {
        assertRefused(chain("sharpen", "{}"), "mid");
    }

    /** A middle node's data, and whether its type takes it. */
    static Stream<Arguments> middleNodeData() {
        return Stream.of(
                // data: an object; a label: a string
                arguments("grayscale", "\"abc\"", false),
                arguments("grayscale", "[1]", false),
                arguments("grayscale", "{\"label\": 5}", false),
                arguments("grayscale", "{\"label\": {\"text\": \"x\"}}", false),
                arguments("grayscale", "{\"label\": \"Gray it\"}", true),
                // degrees: 90, 180 or 270
                arguments("rotate", "{\"degrees\": \"90\"}", false),
                arguments("rotate", "{\"degrees\": 45}", false),
                arguments("rotate", "{\"degrees\": 360}", false),
                arguments("rotate", "{\"degrees\": 90}", true),
                arguments("rotate", "{\"degrees\": 270}", true),
                // tolerance 1 to 100, feather 0 to 20
                arguments("removeBackground", "{\"tolerance\": 0}", false),
                arguments("removeBackground", "{\"tolerance\": 101}", false),
                arguments("removeBackground", "{\"tolerance\": \"50\"}", false),
                arguments("removeBackground", "{\"feather\": 21}", false),
                arguments("removeBackground", "{\"feather\": -1}", false),
                arguments("removeBackground", "{\"tolerance\": 1, \"feather\": 0}", true),
                arguments("removeBackground", "{\"tolerance\": 100, \"feather\": 20}", true),
                arguments("removeBackground", "{}", true),
                // roi: {x, y, width, height}, each px or percent, not empty; secondLook: a boolean
                arguments("removeBackground", "{\"roi\": {\"x\": 0, \"y\": 0, \"width\": 0, \"height\": 50}}",
                        false),
                arguments("removeBackground", "{\"roi\": {\"x\": \"10%\", \"y\": 0, \"width\": \"0%\", "
                        + "\"height\": 50}}", false),
                arguments("removeBackground", "{\"roi\": {\"x\": 0, \"y\": 0, \"width\": 50}}", false),
                arguments("removeBackground", "{\"roi\": {\"x\": \"ten\", \"y\": 0, \"width\": 5, "
                        + "\"height\": 5}}", false),
                arguments("removeBackground", "{\"roi\": {\"x\": \"110%\", \"y\": 0, \"width\": 5, "
                        + "\"height\": 5}}", false),
                arguments("removeBackground", "{\"roi\": [0, 0, 5, 5]}", false),
                arguments("removeBackground", "{\"roi\": {\"x\": \"10%\", \"y\": 20, \"width\": \"50.5%\", "
                        + "\"height\": 300}}", true),
                arguments("removeBackground", "{\"secondLook\": \"no\"}", false),
                arguments("removeBackground", "{\"secondLook\": false}", true),
                // width or height needed
                arguments("resize", "{}", false),
                arguments("resize", "{\"fit\": \"cover\"}", false),
                arguments("resize", "{\"width\": 100, \"fit\": \"stretch\"}", false),
                arguments("resize", "{\"width\": 100}", true),
                arguments("resize", "{\"height\": 100, \"fit\": \"cover\", \"upscale\": true}", true),
                // background: a colour or transparent
                arguments("pad", "{\"width\": 100, \"height\": 100, \"background\": \"red\"}", false),
                arguments("pad", "{\"width\": 100, \"height\": 100, \"background\": \"#FFF\"}", false),
                arguments("pad", "{\"width\": 100, \"height\": 100, \"background\": \"#FFFFFF\"}", true),
                arguments("pad", "{\"width\": 100, \"height\": 100, \"background\": \"#ffffff80\"}", true),
                arguments("pad", "{\"width\": 100, \"height\": 100, \"background\": \"transparent\"}", true),
                arguments("pad", "{\"width\": 100, \"height\": 100}", true));
    }

    /** Data its type refuses is refused naming that node; data it takes is saved. */
    @ParameterizedTest(name = "{0} {1}: taken {2}")
    @MethodSource("middleNodeData")
    void eachNodeTypeChecksItsData(String type, String data, boolean taken) {
        if (taken) {
            assertAccepted(chain(type, data));
        } else {
            assertRefused(chain(type, data), "mid");
        }
    }

    @Test
    void outputFormatAndQualityAreChecked() {
        String gif = graph(List.of(node("in", "imageInput"), node("out", "output", "{\"format\": \"gif\"}")),
                List.of(edge("e1", "in", "out")));
        assertRefused(gif, "out");
        String quality0 = graph(List.of(node("in", "imageInput"),
                node("out", "output", "{\"format\": \"jpeg\", \"quality\": 0}")), List.of(edge("e1", "in", "out")));
        assertRefused(quality0, "out");
        String quality101 = graph(List.of(node("in", "imageInput"),
                node("out", "output", "{\"format\": \"jpeg\", \"quality\": 101}")), List.of(edge("e1", "in", "out")));
        assertRefused(quality101, "out");
        assertAccepted(graph(List.of(node("in", "imageInput"),
                node("out", "output", "{\"format\": \"jpeg\", \"quality\": 1}")), List.of(edge("e1", "in", "out"))));
        assertAccepted(graph(List.of(node("in", "imageInput"), node("out", "output", "{\"format\": \"png\"}")),
                List.of(edge("e1", "in", "out"))));
    }

    @Test
    void missingGraphOrNameIsInvalidRequest() {
        Reply noGraph = app.post("/workflows", "{\"name\": \"x\"}");
        assertError(noGraph, 400, "invalid_request");
        assertThat(noGraph.errorField()).isEqualTo("graph");

        Reply noName = app.post("/workflows", "{\"graph\": " + simpleGraph() + "}");
        assertError(noName, 400, "invalid_request");
        assertThat(noName.errorField()).isEqualTo("name");

        for (String name : new String[] {"5", "true", "[\"x\"]", "{\"x\": 1}"}) {
            Reply wrongType = app.post("/workflows", "{\"name\": " + name + ", \"graph\": " + simpleGraph() + "}");
            assertError(wrongType, 400, "invalid_request");
            assertThat(wrongType.errorField()).as(name).isEqualTo("name");
        }
    }

    @Test
    void aGraphHasAtMost200NodesAndALongerOneIsRefusedWhole() {
        assertAccepted(chainOf(200));
        JsonNode over = assertError(app.post("/workflows", body("201", chainOf(201))), 400, "invalid_workflow");
        assertThat(over.path("message").asText()).contains("201 nodes").contains("at most 200");
        // Long enough to overflow a walk that recursed once per node, and to take gigabytes if each kept its image.
        JsonNode huge = assertError(app.post("/workflows", body("5000", chainOf(5000))), 400, "invalid_workflow");
        assertThat(huge.path("message").asText()).contains("5000 nodes").contains("at most 200");
    }

    /** {@code in} → flips → {@code out}: {@code count} nodes in all. */
    static String chainOf(int count) {
        List<String> nodes = new ArrayList<>(List.of(node("in", "imageInput")));
        List<String> edges = new ArrayList<>();
        for (int i = 1; i < count - 1; i++) {
            nodes.add(node("n" + i, "flip", "{\"direction\": \"horizontal\"}"));
        }
        nodes.add(node("out", "output"));
        for (int i = 1; i < count; i++) {
            String source = i == 1 ? "in" : "n" + (i - 1);
            String target = i == count - 1 ? "out" : "n" + i;
            edges.add(edge("e" + i, source, target));
        }
        return graph(nodes, edges);
    }
}
