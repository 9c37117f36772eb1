package dev.flowrun.http;

import static dev.flowrun.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A field this service does not know, in any JSON body and at any depth, is refused with 400
 * {@code invalid_request} naming its path and suggesting the field meant; nothing is created or changed.
 */
class UnknownFieldsTest {
    static final String ADMIN = "Bearer " + TestApp.ADMIN_TOKEN;
    static final String GRAPH = """
            {"nodes": [{"id": "in", "type": "imageInput", "position": {"x": 0, "y": 0}, "data": {}},
                       {"id": "out", "type": "output", "data": {"format": "jpeg"}}],
             "edges": [{"id": "e1", "source": "in", "target": "out"}]}""";
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    static long workflow;

    @BeforeAll
    static void start() {
        workflow = app.post("/workflows", "{\"name\": \"target\", \"graph\": " + GRAPH + "}").json().path("id").asLong();
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"inputs": {"in": {"files": [{"url": "http://x.test/a.png"}]}}, "webhookURL": "https://hooks.test/x"} | webhookURL | did you mean 'webhookUrl'?
            {"inputs": {"in": {"files": [{"url": "http://x.test/a.png"}]}}, "zipLayot": "flatten"}                | zipLayot   | did you mean 'zipLayout'?
            {"inputs": {"in": {"files": [{"url": "http://x.test/a.png"}]}}, "callback": "https://hooks.test/x"}   | callback   | inputs, zipUrl, zipLayout, webhookUrl
            {"input": {"in": {"files": [{"url": "http://x.test/a.png"}]}}}                                        | input      | did you mean 'inputs'?
            {"inputs": {"in": {"file": [{"url": "http://x.test/a.png"}]}}}                                        | inputs.in.file | did you mean 'files'?
            {"inputs": {"imageInput": {"files": [{"url": "http://x.test/a.png", "nmae": "a.png"}]}}}              | inputs.imageInput.files[0].nmae | did you mean 'name'?
            {"inputs": {"in": {"files": [{"url": "http://x.test/a.png"}, {"url": "http://x.test/b.png", "size": 3}]}}} | inputs.in.files[1].size | url, name
            {"zipUrl": "http://x.test/a.zip", "webhookUrl": "https://hooks.test/x", "webhookUrl ": null}          | 'webhookUrl ' | did you mean 'webhookUrl'?
            """)
    void createRunRefusesAnUnknownField(String body, String field, String hint) {
        long runsBefore = runCount();
        Reply reply = app.post("/workflows/" + workflow + "/runs", body);
        assertError(reply, 400, "invalid_request");
        String expectedField = field.startsWith("'") ? field.substring(1, field.length() - 1) : field;
        assertThat(reply.errorField()).isEqualTo(expectedField);
        assertThat(reply.json().path("error").path("message").asText())
                .startsWith("unknown field '" + expectedField + "'").contains(hint);
        assertThat(runCount()).as("no run made").isEqualTo(runsBefore);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {"name": "n", "descripton": "d", "graph": @G}                                   | descripton | did you mean 'description'?
            {"nmae": "n", "graph": @G}                                                        | nmae       | did you mean 'name'?
            {"name": "n", "graph": @G, "isSnapshot": true}                                    | isSnapshot | name, description, graph, isTemplate
            {"name": "n", "graph": {"nodes": [], "edges": [], "edgse": []}}                   | graph.edgse | did you mean 'edges'?
            {"name": "n", "graph": {"nodes": [{"id": "in", "type": "imageInput", "dta": {}}], "edges": []}} | graph.nodes[0].dta | did you mean 'data'?
            {"name": "n", "graph": {"nodes": [{"id": "in", "type": "imageInput"}, {"id": "o", "type": "output", "postion": {"x": 1, "y": 2}}], "edges": []}} | graph.nodes[1].postion | did you mean 'position'?
            {"name": "n", "graph": {"nodes": [{"id": "in", "type": "imageInput", "position": {"x": 1, "y": 2, "z": 3}}], "edges": []}} | graph.nodes[0].position.z | x, y
            {"name": "n", "graph": {"nodes": [], "edges": [{"id": "e", "sorce": "a", "target": "b"}]}} | graph.edges[0].sorce | did you mean 'source'?
            """)
    void createWorkflowRefusesAnUnknownField(String body, String field, String hint) {
        int before = app.get("/workflows").json().size();
        Reply reply = app.post("/workflows", body.replace("@G", GRAPH));
        assertError(reply, 400, "invalid_request");
        assertThat(reply.errorField()).isEqualTo(field);
        assertThat(reply.json().path("error").path("message").asText()).startsWith("unknown field '" + field + "'")
                .contains(hint);
        assertThat(app.get("/workflows").json().size()).as("no workflow made").isEqualTo(before);
    }

    @Test
    void updateWorkflowRefusesAnUnknownFieldAndChangesNothing() {
        Reply reply = app.put("/workflows/" + workflow, "{\"name\": \"renamed\", \"Description\": \"x\"}");
        assertError(reply, 400, "invalid_request");
        assertThat(reply.errorField()).isEqualTo("Description");
        assertThat(reply.json().path("error").path("message").asText()).contains("did you mean 'description'?");

        Reply graph = app.put("/workflows/" + workflow, "{\"graph\": {\"nodes\": [{\"id\": \"in\", \"type\": \"imageInput\","
                + " \"postion\": {\"x\": 1, \"y\": 1}}], \"edges\": []}}");
        assertThat(graph.errorField()).isEqualTo("graph.nodes[0].postion");
        assertThat(app.get("/workflows/" + workflow).json().path("name").asText()).isEqualTo("target");
    }

    @Test
    void aNodesDataRefusesAFieldItsTypeDoesNotTake() {
        // A node's data is checked by its type: invalid_workflow (a graph rule) rather than invalid_request.
        Reply reply = app.post("/workflows", "{\"name\": \"with extras\", \"graph\": " + GRAPH.replace("\"format\": \"jpeg\"",
                "\"format\": \"jpeg\", \"editorColour\": \"#ffcc00\"") + "}");
        assertError(reply, 400, "invalid_workflow");
        assertThat(reply.json().path("error").path("message").asText()).contains("'data.editorColour'");
    }

    @Test
    void createWorkspaceRefusesAnUnknownField() {
        Reply reply = app.send("POST", "/admin/workspaces", "{\"nmae\": \"team\"}", ADMIN);
        assertError(reply, 400, "invalid_request");
        assertThat(reply.errorField()).isEqualTo("nmae");
        assertThat(reply.json().path("error").path("message").asText()).isEqualTo("unknown field 'nmae'; did you mean 'name'?");

        Reply extra = app.send("POST", "/admin/workspaces", "{\"name\": \"team-extra\", \"plan\": \"pro\"}", ADMIN);
        assertThat(extra.errorField()).isEqualTo("plan");
        assertThat(app.send("POST", "/admin/workspaces", "{\"name\": \"team-extra\"}", ADMIN).status())
                .as("the refused one made nothing, so the name is free").isEqualTo(201);
    }

    static long runCount() {
        return app.get("/workflows/runs").json().path("total").asLong();
    }
}
