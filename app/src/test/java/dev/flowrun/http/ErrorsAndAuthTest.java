package dev.flowrun.http;

import static dev.flowrun.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.io.IOException;
import java.util.Arrays;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okio.BufferedSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Authentication and the error JSON over real HTTP. */
class ErrorsAndAuthTest {
    static final String BEARER = "Bearer " + TestApp.API_KEY;
    static final String VALID_WORKFLOW = """
            {"name": "ok", "graph": {"nodes": [
              {"id": "in", "type": "imageInput", "position": {"x": 0, "y": 0}, "data": {}},
              {"id": "out", "type": "output", "position": {"x": 1, "y": 0}, "data": {}}],
             "edges": [{"id": "e1", "source": "in", "target": "out"}]}}""";
    @RegisterExtension
    static final TestApp app = TestApp.forClass();

    @Test
    void healthAnswersOkWithoutCredentials() {
        Reply reply = app.get("/health", null);
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json()).isEqualTo(TestApp.parse("{\"status\":\"ok\"}"));
    }

    @Test
    void unknownPathIsNotFoundWithOrWithoutCredentials() {
        // "/" is the dashboard (README, Dashboard); "/index.html" is not a path of it.
        for (String path : new String[] {"/nope", "/workflows/1/nothing/here", "/admin", "/index.html"}) {
            assertError(app.get(path, null), 404, "not_found");
            assertError(app.get(path, BEARER), 404, "not_found");
        }
        assertError(app.send("POST", "/nope", "{}", BEARER), 404, "not_found");
    }

    @Test
    void unknownMethodOnKnownPathIsNotFound() {
        assertError(app.send("PATCH", "/workflows", "{}", BEARER), 404, "not_found");
        assertError(app.send("DELETE", "/workflows/runs", null, BEARER), 404, "not_found");
        assertError(app.send("PUT", "/workflows/runs", "{}", BEARER), 404, "not_found");
        assertError(app.send("GET", "/workflows/1/runs", null, BEARER), 404, "not_found");
        assertError(app.send("POST", "/health", "{}", null), 404, "not_found");
        assertError(app.send("DELETE", "/health", null, null), 404, "not_found");
        assertError(app.send("PATCH", "/workflows/1", "{}", BEARER), 404, "not_found");
        assertError(app.send("OPTIONS", "/workflows", null, BEARER), 404, "not_found");
        assertError(app.send("TRACE", "/workflows", null, BEARER), 404, "not_found");
    }

    @Test
    void missingAuthorizationIsUnauthorized() {
        assertError(app.get("/workflows", null), 401, "unauthorized");
        assertError(app.get("/workflows/runs", null), 401, "unauthorized");
        assertError(app.get("/workflows/1", null), 401, "unauthorized");
        assertError(app.send("POST", "/workflows", VALID_WORKFLOW, null), 401, "unauthorized");
        assertError(app.send("POST", "/workflows/1/runs", "{}", null), 401, "unauthorized");
        assertError(app.get("/workflows", ""), 401, "unauthorized");
        assertError(app.get("/workflows", "Bearer "), 401, "unauthorized");
    }

    @Test
    void unknownKeyIsUnauthorized() {
        assertError(app.get("/workflows", "Bearer fr_not_a_real_key"), 401, "unauthorized");
        assertError(app.get("/workflows", "fr_not_a_real_key"), 401, "unauthorized");
        assertError(app.get("/workflows", "Bearer " + TestApp.API_KEY + "x"), 401, "unauthorized");
        assertError(app.get("/workflows/runs", "Basic " + TestApp.API_KEY), 401, "unauthorized");
        assertError(app.get("/workflows", "Bearer " + TestApp.ADMIN_TOKEN), 401, "unauthorized");
    }

    @Test
    void bearerKeyAndBareKeyBothWork() {
        Reply bearer = app.get("/workflows", BEARER);
        Reply bare = app.get("/workflows", TestApp.API_KEY);
        assertThat(bearer.status()).as(bearer.toString()).isEqualTo(200);
        assertThat(bare.status()).as(bare.toString()).isEqualTo(200);
        assertThat(bare.json()).isEqualTo(bearer.json());
        assertThat(app.get("/workflows/runs", TestApp.API_KEY).status()).isEqualTo(200);
    }

    @Test
    void bodyThatIsNotJsonIsInvalidJson() {
        assertError(app.post("/workflows", "not json"), 400, "invalid_json");
        assertError(app.post("/workflows", "{\"name\": \"x\", "), 400, "invalid_json");
        assertError(app.post("/workflows", "{name: 'x'}"), 400, "invalid_json");
        assertError(app.post("/workflows/1/runs", "not json"), 400, "invalid_json");
        assertError(app.put("/workflows/1", "{oops"), 400, "invalid_json");
        byte[] badUtf8 = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xff, (byte) 0xfe, '"', '}'};
        assertError(app.call(new Request.Builder().url(app.baseUrl() + "/workflows").header("Authorization", BEARER)
                .post(RequestBody.create(badUtf8, MediaType.get("application/json"))).build()), 400, "invalid_json");
    }

    @Test
    void objectFollowedByMoreTextIsInvalidJson() {
        int before = app.get("/workflows").json().size();
        assertError(app.post("/workflows", VALID_WORKFLOW + " garbage"), 400, "invalid_json");
        assertError(app.post("/workflows", VALID_WORKFLOW + " {\"name\": \"second\"}"), 400, "invalid_json");
        assertError(app.post("/workflows", VALID_WORKFLOW + "]"), 400, "invalid_json");
        assertThat(app.get("/workflows").json().size()).as("nothing was created").isEqualTo(before);
    }

    @Test
    void malformedRequestTargetGetsJsonErrorNot500() {
        for (String path : new String[] {"/workflows/%zz", "/workflows/%E0%A4%A", "/workflows/runs/%00"}) {
            Request request = new Request.Builder()
                    .url(okhttp3.HttpUrl.get(app.baseUrl()).newBuilder().encodedPath(path).build())
                    .header("Authorization", BEARER).build();
            Reply reply = app.call(request);
            assertThat(reply.status()).as(path + " → " + reply).isBetween(400, 499);
            assertError(reply, reply.status(), reply.errorCode());
        }
    }

    @Test
    void bodyThatIsNotAnObjectIsInvalidJson() {
        for (String body : new String[] {"[]", "[1, 2]", "\"a string\"", "42", "true", "null"}) {
            assertError(app.post("/workflows", body), 400, "invalid_json");
        }
        long workflowId = app.get("/workflows").json().get(0).path("id").asLong();
        assertError(app.post("/workflows/" + workflowId + "/runs", "[]"), 400, "invalid_json");
        assertError(app.post("/workflows/" + workflowId + "/runs", "\"x\""), 400, "invalid_json");
        Reply created = app.post("/workflows", VALID_WORKFLOW);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        assertError(app.put("/workflows/" + created.json().path("id").asLong(), "[]"), 400, "invalid_json");
    }

    @Test
    void emptyBodyIsInvalidJson() {
        assertError(app.send("POST", "/workflows", null, BEARER), 400, "invalid_json");
        long workflowId = app.get("/workflows").json().get(0).path("id").asLong();
        assertError(app.send("POST", "/workflows/" + workflowId + "/runs", null, BEARER), 400, "invalid_json");
        assertError(app.post("/workflows", "   "), 400, "invalid_json");
    }

    @Test
    void duplicateKeysAreInvalidJson() {
        assertError(app.post("/workflows", """
                {"name": "a", "name": "b", "graph": {"nodes": [], "edges": []}}"""), 400, "invalid_json");
        assertError(app.post("/workflows", """
                {"name": "a", "graph": {"nodes": [
                  {"id": "in", "id": "in2", "type": "imageInput", "data": {}},
                  {"id": "out", "type": "output", "data": {}}],
                 "edges": [{"id": "e1", "source": "in", "target": "out"}]}}"""), 400, "invalid_json");
    }

    @Test
    void deeplyNestedJsonIsRefusedWithout500() {
        int depth = 5000;
        String arrays = "[".repeat(depth) + "]".repeat(depth);
        assertError(app.post("/workflows", arrays), 400, "invalid_json");
        String objects = "{\"name\": \"deep\", \"graph\": " + "{\"a\":".repeat(depth) + "1" + "}".repeat(depth) + "}";
        assertError(app.post("/workflows", objects), 400, "invalid_json");
        long workflowId = app.get("/workflows").json().get(0).path("id").asLong();
        String inputs = "{\"inputs\": " + "[".repeat(depth) + "]".repeat(depth) + "}";
        assertError(app.post("/workflows/" + workflowId + "/runs", inputs), 400, "invalid_json");
    }

    @Test
    void bodyOverOneMebibyteWithContentLengthIsPayloadTooLarge() {
        byte[] body = oversizedJson();
        Request request = new Request.Builder().url(app.baseUrl() + "/workflows")
                .header("Authorization", BEARER)
                .post(RequestBody.create(body, MediaType.get("application/json")))
                .build();
        assertError(app.call(request), 413, "payload_too_large");
    }

    @Test
    void bodyOverOneMebibyteChunkedIsPayloadTooLarge() {
        byte[] body = oversizedJson();
        RequestBody chunked = new RequestBody() {
            @Override
            public MediaType contentType() {
                return MediaType.get("application/json");
            }

            @Override
            public long contentLength() {
                return -1;
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                for (int offset = 0; offset < body.length; offset += 64 * 1024) {
                    sink.write(body, offset, Math.min(64 * 1024, body.length - offset));
                    sink.flush();
                }
            }
        };
        Request request = new Request.Builder().url(app.baseUrl() + "/workflows")
                .header("Authorization", BEARER).post(chunked).build();
        assertError(app.call(request), 413, "payload_too_large");
    }

    @Test
    void bodyOfExactlyOneMebibyteIsRead() {
        byte[] body = jsonOfSize(1024 * 1024);
        Reply reply = app.call(new Request.Builder().url(app.baseUrl() + "/workflows")
                .header("Authorization", BEARER)
                .post(RequestBody.create(body, MediaType.get("application/json"))).build());
        // Read and judged on its content (a description far too long), not refused for its size.
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.errorCode()).isNotEqualTo("payload_too_large");
    }

    /** A JSON object a little over 1 MiB, valid apart from its size. */
    static byte[] oversizedJson() {
        return jsonOfSize(1024 * 1024 + 100);
    }

    static byte[] jsonOfSize(int size) {
        String head = "{\"name\": \"big\", \"description\": \"";
        String tail = "\"}";
        byte[] body = new byte[size];
        Arrays.fill(body, (byte) 'x');
        System.arraycopy(head.getBytes(), 0, body, 0, head.length());
        System.arraycopy(tail.getBytes(), 0, body, size - tail.length(), tail.length());
        return body;
    }

    @Test
    void errorBodiesCarryFieldOnlyForInvalidRequest() {
        JsonNode invalidRequest = assertError(app.post("/workflows", "{\"graph\": {\"nodes\": [], \"edges\": []}}"),
                400, "invalid_request");
        assertThat(invalidRequest.path("field").asText()).isEqualTo("name");
        assertError(app.get("/workflows/runs?pageSize=0"), 400, "invalid_request");
        assertThat(app.get("/workflows/runs?pageSize=0").errorField()).isEqualTo("pageSize");
        assertThat(app.get("/workflows/runs?page=0").errorField()).isEqualTo("page");
        assertError(app.get("/workflows/999999"), 404, "not_found");
        assertError(app.get("/workflows/runs/999999"), 404, "not_found");
    }
}
