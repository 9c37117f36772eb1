package dev.flowrun.http;

import static dev.flowrun.http.GraphTemplate.graph;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HostileValues;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.SaneAnswers;
import dev.flowrun.support.TestApp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The error rules against hostile JSON bodies: every value of {@link HostileValues} in every field of every endpoint
 * that reads a body. Each answer is a 2xx (the input was valid after all) or a 4xx with the error JSON; whatever
 * was accepted can be read back; and the service still works afterwards.
 */
class HostileBodiesTest {
    static final String HOLE = GraphTemplate.HOLE;
    static final String BEARER = "Bearer " + TestApp.API_KEY;
    static final String ADMIN = "Bearer " + TestApp.ADMIN_TOKEN;
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer().serve("/red.png", Images.pngDisc());
    static final String imageUrl = files.url("/red.png");
    static long runsWorkflow;
    static long putWorkflow;
    final SaneAnswers answers = new SaneAnswers();
    final List<Long> acceptedWorkflows = new ArrayList<>();
    final List<Long> acceptedRuns = new ArrayList<>();

    @BeforeAll
    static void start() {
        runsWorkflow = createWorkflow("runs target");
        putWorkflow = createWorkflow("put target");
    }

    @Test
    void workflowBodiesNeverBreakTheContract() {
        for (String template : GraphTemplate.workflowBodies()) {
            for (String value : HostileValues.VALUES) {
                Reply reply = send("POST", "/workflows", template, value, BEARER);
                if (reply.status() == 201) {
                    acceptedWorkflows.add(reply.json().path("id").asLong());
                }
                send("PUT", "/workflows/" + putWorkflow, template, value, BEARER);
            }
        }
        for (String key : HostileValues.KEYS) {
            send("POST", "/workflows", "{" + HOLE + ": 1, \"name\": \"k\", \"graph\": " + graph(null) + "}", key, BEARER);
            send("POST", "/workflows", "{\"name\": \"k\", \"graph\": " + graph("<inData>") + "}",
                    "{" + key + ": 1}", BEARER);
        }
        readEverythingBack();
        answers.assertNone();
    }

    @Test
    void runBodiesNeverBreakTheContract() {
        String inputs = "{\"in\": {\"files\": [{\"url\": \"" + imageUrl + "\"}]}}";
        List<String> templates = List.of(HOLE, "{\"inputs\": @@}", "{\"inputs\": {\"imageInput\": @@}}",
                "{\"inputs\": {\"in\": {\"files\": @@}}}", "{\"inputs\": {\"in\": {\"files\": [@@]}}}",
                "{\"inputs\": {\"in\": {\"files\": [{\"url\": \"" + imageUrl + "\", \"name\": @@}]}}}",
                "{\"inputs\": " + inputs + ", \"zipLayout\": @@}", "{\"inputs\": " + inputs + ", \"zipUrl\": @@}",
                "{\"inputs\": " + inputs + ", \"x\": @@}");
        List<String> urlTemplates = List.of("{\"inputs\": {\"in\": {\"files\": [{\"url\": @@}]}}}",
                "{\"inputs\": " + inputs + ", \"webhookUrl\": @@}", "{\"zipUrl\": @@}");
        String path = "/workflows/" + runsWorkflow + "/runs";
        for (String value : HostileValues.VALUES) {
            templates.forEach(template -> createRun(path, template, value));
            urlTemplates.forEach(template -> createRun(path, template, value));
        }
        for (String url : HostileValues.URLS) {
            urlTemplates.forEach(template -> createRun(path, template, url));
        }
        for (String key : HostileValues.KEYS) {
            createRun(path, "{\"inputs\": {" + HOLE + ": {\"files\": [{\"url\": \"" + imageUrl + "\"}]}}}", key);
            createRun(path, "{" + HOLE + ": 1, \"inputs\": " + inputs + "}", key);
        }
        readEverythingBack();
        answers.assertNone();
    }

    @Test
    void adminBodiesNeverBreakTheContract() {
        for (String template : List.of(HOLE, "{\"name\": @@}", "{\"name\": \"ok\", \"x\": @@}")) {
            for (String value : HostileValues.VALUES) {
                send("POST", "/admin/workspaces", template, value, ADMIN);
            }
        }
        for (String key : HostileValues.KEYS) {
            send("POST", "/admin/workspaces", "{" + HOLE + ": \"x\"}", key, ADMIN);
        }
        answers.assertNone();
    }

    @Test
    void malformedBodiesAreInvalidJsonEverywhere() {
        for (String body : HostileValues.MALFORMED) {
            for (String[] endpoint : new String[][] {{"POST", "/workflows"}, {"PUT", "/workflows/" + putWorkflow},
                    {"POST", "/workflows/" + runsWorkflow + "/runs"}, {"POST", "/admin/workspaces"}}) {
                Reply reply = send(endpoint[0], endpoint[1], HOLE, body,
                        endpoint[1].startsWith("/admin") ? ADMIN : BEARER);
                if (reply.status() != 400 || !"invalid_json".equals(reply.errorCode())) {
                    answers.problem(endpoint[0] + " " + endpoint[1] + " " + SaneAnswers.shortened(body)
                            + " → expected 400 invalid_json, got " + SaneAnswers.shortened(reply.toString()));
                }
            }
        }
        answers.assertNone();
    }

    @Test
    void loneSurrogatesAndNumbersTooLargeForADoubleAreRefusedAtTheDoor() {
        // Valid JSON grammar, but not storable: a lone surrogate cannot be written as UTF-8 (an archive entry
        // named with it fails long after the run was accepted), and 1e400 would be kept as Infinity.
        for (String value : List.of("\"\\ud800\"", "\"a\\udfffb\"", "\"\\udc00\\ud800\"", "1e400", "-1e400")) {
            for (String template : List.of("{\"name\": @@, \"graph\": " + graph(null) + "}",
                    "{\"name\": \"n\", \"graph\": " + graph("<x>") + "}",
                    "{\"name\": \"n\", \"graph\": " + graph("<extra>") + "}")) {
                Reply reply = send("POST", "/workflows", template, value, BEARER);
                assertThat(reply.errorCode()).as(value + " in " + template).isEqualTo("invalid_json");
            }
            Reply run = send("POST", "/workflows/" + runsWorkflow + "/runs", "{\"inputs\": {\"in\": {\"files\": [{\"url\": \""
                    + imageUrl + "\", \"name\": @@}]}}}", value, BEARER);
            assertThat(run.errorCode()).as(value).isEqualTo("invalid_json");
        }
        Reply key = send("POST", "/workflows", "{\"name\": \"n\", \"\\ud800\": 1, \"graph\": " + graph(null) + "}", "", BEARER);
        assertThat(key.errorCode()).isEqualTo("invalid_json");
        Reply deep = send("POST", "/workflows", "{\"name\": \"n\", \"graph\": " + graph("<label>") + "}",
                "\"x\\udc00\"", BEARER);
        assertThat(deep.json().path("error").path("message").asText())
                .isEqualTo("the text at 'graph.nodes[1].data.label' holds a lone surrogate (\\udc00), which is not a Unicode character");
        Reply paired = send("POST", "/workflows", "{\"name\": \"\\ud83d\\ude00\", \"graph\": " + graph(null) + "}", "", BEARER);
        assertThat(paired.status()).as("a surrogate pair is an ordinary character").isEqualTo(201);
        assertThat(paired.json().path("name").asText()).isEqualTo("😀");
        answers.assertNone();
    }

    @Test
    void oddContentTypesAreReadAsJsonOrRefused() {
        String body = "{\"name\": \"typed\", \"graph\": " + graph(null) + "}";
        for (String type : new String[] {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                "application/json; charset=utf-16", "application/xml", "image/png", "*/*"}) {
            Reply reply = app.call(new Request.Builder().url(app.baseUrl() + "/workflows").header("Authorization", BEARER)
                    .post(RequestBody.create(body.getBytes(StandardCharsets.UTF_8), MediaType.parse(type))).build());
            answers.check("POST /workflows as " + type, reply);
        }
        byte[] utf16 = body.getBytes(StandardCharsets.UTF_16BE);
        answers.check("POST /workflows in UTF-16", app.call(new Request.Builder().url(app.baseUrl() + "/workflows")
                .header("Authorization", BEARER).post(RequestBody.create(utf16, MediaType.get("application/json")))
                .build()));
        answers.assertNone();
        assertThat(answers.checked()).isEqualTo(8);
    }

    /** Whatever was accepted must read back: one stored odd value must not turn a list into a 500. */
    private void readEverythingBack() {
        answers.check("GET /workflows", app.get("/workflows"));
        acceptedWorkflows.forEach(id -> answers.check("GET /workflows/" + id, app.get("/workflows/" + id)));
        answers.check("GET /workflows/" + putWorkflow, app.get("/workflows/" + putWorkflow));
        for (long runId : acceptedRuns) {
            JsonNode run = Await.until("run " + runId + " to finish", Duration.ofSeconds(60),
                    () -> app.get("/workflows/runs/" + runId),
                    reply -> reply.status() != 200 || List.of("completed", "partial", "failed", "cancelled")
                            .contains(reply.json().path("status").asText())).json();
            answers.check("GET /workflows/runs/" + runId, app.get("/workflows/runs/" + runId));
            answers.check("GET download of run " + runId, app.get("/workflows/runs/" + runId + "/download"));
            for (JsonNode item : run.path("items")) {
                long itemId = item.path("id").asLong();
                answers.check("GET item " + itemId, app.get("/workflows/runs/" + runId + "/items/" + itemId));
                for (JsonNode output : item.path("outputs")) {
                    checkFile("output of item " + itemId, app.fetch(output.path("url").asText()));
                }
                item.path("uploadInputs").forEach(input ->
                        checkFile("input of item " + itemId, app.fetch(input.path("url").asText())));
            }
            if (run.hasNonNull("outputArchiveUrl")) {
                checkFile("archive of run " + runId, app.fetch(run.path("outputArchiveUrl").asText()));
            }
        }
        answers.check("GET /workflows/runs", app.get("/workflows/runs?pageSize=100"));
    }

    private void checkFile(String what, Reply reply) {
        if (reply.status() != 200 && reply.status() != 404) {
            answers.check(what, reply);
        }
    }

    private void createRun(String path, String template, String value) {
        Reply reply = send("POST", path, template, value, BEARER);
        if (reply.status() == 200) {
            acceptedRuns.add(reply.json().path("id").asLong());
        }
    }

    private Reply send(String method, String path, String template, String value, String authorization) {
        String body = template.replace(HOLE, value);
        Reply reply = app.send(method, path, body, authorization);
        answers.check(method + " " + path + " " + SaneAnswers.shortened(body), reply);
        return reply;
    }

    static long createWorkflow(String name) {
        Reply reply = app.post("/workflows", "{\"name\": \"" + name + "\", \"graph\": " + graph(null) + "}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json().path("id").asLong();
    }
}
