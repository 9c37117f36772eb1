package dev.flowrun.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.RawHttp;
import dev.flowrun.support.Reply;
import dev.flowrun.support.SaneAnswers;
import dev.flowrun.support.TestApp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The error rules against hostile requests rather than bodies: odd ids in every path, odd query strings, odd
 * headers, and bytes no HTTP client would send. Every answer is the API's JSON, never a 5xx, and the
 * service still works afterwards.
 */
class HostileRequestsTest {
    static final String BEARER = "Bearer " + TestApp.API_KEY;
    static final String ADMIN = "Bearer " + TestApp.ADMIN_TOKEN;
    /** Every route with an id, {id} standing for the id under test. */
    static final List<String> ROUTES = List.of("GET /workflows/{id}", "PUT /workflows/{id}", "DELETE /workflows/{id}",
            "POST /workflows/{id}/runs", "GET /workflows/runs/{id}", "POST /workflows/runs/{id}/cancel",
            "GET /workflows/runs/{id}/items/{id}", "GET /workflows/runs/{run}/items/{id}",
            "GET /workflows/runs/{id}/download", "GET /workflows/runs/{id}/webhook",
            "POST /admin/workspaces/{id}/keys", "DELETE /admin/keys/{id}", "GET /files/{id}");
    /** Path segments, already percent-encoded as they go on the wire; none names a real row. */
    static final List<String> IDS = List.of("0", "-1", "-0", "00", "+999999", "0999999", "1.0", "1e400", "0x1",
            "99999999999999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "%20", "%00",
            "%E2%80%AE", "%F0%9F%98%80", "%ED%A0%80", "%FF", "%zz", "%", "abc", "..", "%2e%2e", "%2F", "1%2F2", "1;x=y",
            "%3B", "x".repeat(200), "9".repeat(5_000), "%5Cx", "null", "undefined", "%7B%7D");
    static final List<String> QUERY_VALUES = List.of("", "%20", "1e9", "-0", "+5", "0", "-1", "101", "2147483647",
            "2147483648", "9223372036854775808", "99999999999999999999", "1.0", "0x10", "%zz", "%", "%00", "%ED%A0%80",
            "%FF", "%E2%80%AE", "x".repeat(10_000), "1%26page%3D2", "%u0041", "a+b", "[]", "%5B%5D", "completed%00");

    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static FileServer files;
    static long runId;
    final SaneAnswers answers = new SaneAnswers();

    @BeforeAll
    static void start() {
        files = new FileServer().serve("/red.png", Images.pngDisc());
        runId = completeARun();
    }

    @Test
    void oddIdsInEveryPathAnswerJson() {
        for (String route : ROUTES) {
            String method = route.substring(0, route.indexOf(' '));
            for (String id : IDS) {
                String path = route.substring(route.indexOf(' ') + 1).replace("{id}", id).replace("{run}", "" + runId);
                String auth = path.startsWith("/admin") ? ADMIN : BEARER;
                answers.check(method + " " + SaneAnswers.shortened(path), call(method, path, null, auth));
            }
        }
        answers.assertNone();
        assertThat(app.get("/workflows").status()).isEqualTo(200);
    }

    @Test
    void oddQueryStringsAnswerJson() {
        for (String path : List.of("/workflows/runs", "/workflows/runs/" + runId, "/workflows", "/health",
                "/files/runs/" + runId + "/outputs.zip")) {
            for (String name : List.of("page", "pageSize", "q", "status", "workflowId", "expires", "sig", "%zz", "",
                    "pa%00ge")) {
                for (String value : QUERY_VALUES) {
                    String query = name + "=" + value;
                    answers.check("GET " + path + "?" + SaneAnswers.shortened(query), call("GET", path, query, BEARER));
                }
            }
            for (String query : List.of("page", "=1", "&&&", "page=1&page=2", "page=1&page=x", "q=" + "ä".repeat(10_000),
                    "pageSize=100&page=2147483647", "a=1&".repeat(5_000), "q=%25%5F", "q=_", "q=%25")) {
                answers.check("GET " + path + "?" + SaneAnswers.shortened(query), call("GET", path, query, BEARER));
            }
        }
        answers.assertNone();
        JsonNode farPage = call("GET", "/workflows/runs/" + runId, "page=2147483647&pageSize=100", BEARER).json();
        assertThat(farPage.path("items").size()).as(farPage.toString()).isZero();
    }

    @Test
    void oddRangesOnASignedFileAnswerTheFileOrJson() {
        String url = app.get("/workflows/runs/" + runId).json().path("items").get(0).path("outputs").get(0)
                .path("url").asText();
        for (String range : List.of("bytes=0-0", "bytes=-1", "bytes=0-", "bytes=999999999-", "bytes=-0", "bytes=abc",
                "bytes=5-1", "bytes=0-1,3-4", "bytes=99999999999999999999-", "bytes=-99999999999999999999",
                "items=0-1", "bytes=" + "0-1,".repeat(2_000) + "0-1", "bytes=é")) {
            Reply reply = app.call(new Request.Builder().url(url)
                    .headers(new Headers.Builder().addUnsafeNonAscii("Range", range).build()).build());
            if (reply.status() != 200 && reply.status() != 206) {
                answers.check("GET a signed file with Range: " + SaneAnswers.shortened(range), reply);
            }
        }
        answers.assertNone();
    }

    @Test
    void oddAuthorizationHeadersAnswerJson() {
        for (String authorization : List.of("Bearer " + "a".repeat(100_000), "Bearer " + "a".repeat(7_000), "Bearer ключ",
                "Bearer \u0000", "Bearer\t" + TestApp.API_KEY, "Bearer Bearer " + TestApp.API_KEY, "\ufeff" + BEARER,
                "Basic " + TestApp.API_KEY, "Bearer " + TestApp.API_KEY + " extra", "Bearer " + TestApp.API_KEY + "\u00e9",
                "Bearer \ud83d\ude00", "Bearer", " ", "Bearer " + TestApp.ADMIN_TOKEN, "bearer " + TestApp.API_KEY)) {
            for (String path : List.of("/workflows", "/workflows/runs", "/admin/workspaces")) {
                String method = path.startsWith("/admin") ? "POST" : "GET";
                Request request = new Request.Builder().url(app.baseUrl() + path)
                        .headers(new Headers.Builder().addUnsafeNonAscii("Authorization", authorization).build())
                        .method(method, method.equals("POST") ? RequestBody.create("{\"name\": \"w\"}",
                                MediaType.get("application/json")) : null)
                        .build();
                answers.check(method + " " + path + " with Authorization " + SaneAnswers.shortened(authorization),
                        fromOwnAddress(request));
            }
        }
        answers.assertNone();
    }

    @Test
    void oddOtherHeadersAnswerJson() {
        String[][] headers = {{"Accept", "text/html"}, {"Accept", "application/xml;q=1, */*;q=0"},
                {"Accept-Charset", "utf-16"}, {"Accept-Encoding", "gzip, br, zstd"}, {"Content-Encoding", "gzip"},
                {"Content-Encoding", "deflate"}, {"X-HTTP-Method-Override", "DELETE"}, {"X-Forwarded-For", "127.0.0.1"},
                {"X-Forwarded-Host", "évil.example"}, {"Origin", "null"}, {"Range", "bytes=0-0"}, {"If-None-Match", "*"},
                {"Expect", "100-continue"}, {"Content-Type", "application/json; charset=ebcdic"},
                {"Cookie", "a".repeat(4_000)}, {"X-Odd", "\u0000\u202e😀"}};
        for (String[] header : headers) {
            Request request = new Request.Builder().url(app.baseUrl() + "/workflows")
                    .headers(new Headers.Builder().add("Authorization", BEARER)
                            .addUnsafeNonAscii(header[0], header[1]).build())
                    .post(RequestBody.create("{\"name\": \"h\"}".getBytes(StandardCharsets.UTF_8), null))
                    .build();
            answers.check("POST /workflows with " + header[0] + ": " + header[1], app.call(request));
        }
        answers.assertNone();
    }

    @Test
    void bytesNoClientWouldSendAnswerJson() {
        int port = app.app().port();
        String auth = "Authorization: " + BEARER + "\r\n";
        List<String> requests = List.of(
                "GARBAGE\r\n\r\n",
                "GET /workflows HTTP/9.9\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n",
                "GET /workflows HTTP/1.1\r\n" + auth + "Connection: close\r\n\r\n",
                "get /workflows HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n",
                "GET /workflows HTTP/1.1\r\nHost: x\r\n" + auth + "Bad Header Line\r\nConnection: close\r\n\r\n",
                "GET /workflows HTTP/1.1\r\nHost: x\r\n" + auth + "Bad Name: x\r\nConnection: close\r\n\r\n",
                "GET /workflows HTTP/1.1\r\nHost: x\r\n" + auth + "X-A: a\r\n folded\r\nConnection: close\r\n\r\n",
                "GET /workflows HTTP/1.1\r\nHost: x\r\n" + auth + "X-A: a\u0000b\r\nConnection: close\r\n\r\n",
                "GET /workflows HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \u00ff\u00fe\r\nConnection: close\r\n\r\n",
                "GET /workflows/%zz HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n",
                "GET /workflows/../admin/keys/1 HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n",
                "GET //workflows HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n",
                "GET http://evil.example/workflows HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n",
                "GET /" + "a".repeat(100_000) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "GET /workflows HTTP/1.1\r\nHost: x\r\n" + auth + "X-A: b\r\n".repeat(10_000) + "Connection: close\r\n\r\n",
                "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\nConnection: close\r\n\r\n",
                "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
                post("Content-Length: -1\r\n", ""),
                post("Content-Length: abc\r\n", ""),
                post("Content-Length: 99999999999999999999\r\n", ""),
                post("Content-Length: 2\r\nContent-Length: 5\r\n", "{}"),
                post("Content-Length: 2\r\nTransfer-Encoding: chunked\r\n", "2\r\n{}\r\n0\r\n\r\n"),
                post("Transfer-Encoding: gzip\r\n", "{}"),
                post("Transfer-Encoding: chunked\r\n", "zz\r\n{}\r\n0\r\n\r\n"),
                post("Transfer-Encoding: chunked\r\n", "FFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n"),
                post("Content-Length: 2000000\r\nExpect: 100-continue\r\n", ""),
                post("Content-Length: 8\r\nContent-Encoding: gzip\r\n", "notgzip!"));
        for (String request : requests) {
            Reply reply = RawHttp.send(port, request);
            answers.check(SaneAnswers.shortened(request.replace("\r\n", "⏎")), reply);
        }
        answers.assertNone();
    }

    @Test
    void serviceStillWorksAfterHostileRequests() {
        oddIdsInEveryPathAnswerJson();
        bytesNoClientWouldSendAnswerJson();
        Reply health = app.get("/health", null);
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.json()).isEqualTo(TestApp.parse("{\"status\":\"ok\"}"));
        assertThat(completeARun()).isPositive();
    }

    private static String post(String headers, String body) {
        return "POST /workflows HTTP/1.1\r\nHost: x\r\nAuthorization: " + BEARER + "\r\nContent-Type: application/json\r\n"
                + headers + "Connection: close\r\n\r\n" + body;
    }

    private static Reply call(String method, String encodedPath, String encodedQuery, String authorization) {
        HttpUrl url = HttpUrl.get(app.baseUrl()).newBuilder().encodedPath(encodedPath).encodedQuery(encodedQuery).build();
        RequestBody body = method.equals("POST") || method.equals("PUT")
                ? RequestBody.create("{}", MediaType.get("application/json")) : null;
        return app.call(new Request.Builder().url(url).header("Authorization", authorization).method(method, body).build());
    }

    /** A run of the "Remove background" template over one image, to its end; its id. */
    static long completeARun() {
        long workflowId = -1;
        for (JsonNode workflow : app.get("/workflows").json()) {
            if (workflow.path("name").asText().equals("Remove background")) {
                workflowId = workflow.path("id").asLong();
            }
        }
        Reply created = app.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + files.url("/red.png") + "\"}]}}}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        long id = created.json().path("id").asLong();
        JsonNode done = Await.until("run " + id + " to finish", Duration.ofSeconds(30),
                () -> app.get("/workflows/runs/" + id).json(), run -> run.path("status").asText().equals("completed"));
        assertThat(done.path("completedItems").asInt()).isEqualTo(1);
        return id;
    }

    /**
     * Wrong credentials from an address of their own (a loopback alias): past the credential limit that address is
     * refused (429), and the other tests here, from 127.0.0.1, are not.
     */
    private Reply fromOwnAddress(Request request) {
        OkHttpClient client = new OkHttpClient.Builder()
                .socketFactory(new CredentialLimitTest.BoundSocketFactory("127.0.0.5")).build();
        Request to = request.newBuilder().url(request.url().newBuilder().host("127.0.0.1").build()).build();
        try (Response response = client.newCall(to).execute()) {
            byte[] bytes = response.body().bytes();
            String type = response.header("Content-Type", "");
            return new Reply(response.code(), type.startsWith("application/json") && bytes.length > 0
                    ? TestApp.parse(new String(bytes, StandardCharsets.UTF_8)) : null, bytes,
                    response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
