package dev.flowrun.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.FormBody;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.util.List;
import okhttp3.Request;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A NUL character (U+0000) in a caller's text: PostgreSQL's text types cannot hold one, so it is refused with a 400
 * where it comes in, on H2 and PostgreSQL alike, rather than failing as a 500 when stored; a %00 in a URL's last
 * segment stays encoded in the file name taken from it.
 */
class NulCharactersTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    static long workflow;

    @BeforeAll
    static void start() {
        workflow = Runs.template(app, "Remove background");
    }

    @Test
    void textInAJsonBodyWithANulIsRefused() {
        expect400(app.post("/workflows", """
                {"name": "a\\u0000b", "graph": {"nodes": [{"id": "in", "type": "imageInput"},
                  {"id": "out", "type": "output"}], "edges": [{"source": "in", "target": "out"}]}}"""),
                "invalid_json", null);
        expect400(app.post("/workflows/" + workflow + "/runs", """
                {"inputs": {"imageInput": {"files": [{"url": "http://files.test/a.png", "name": "\\u0000"}]}}}"""),
                "invalid_json", null);
        expect400(app.send("POST", "/admin/workspaces", "{\"name\": \"x\\u0000\"}", "Bearer " + TestApp.ADMIN_TOKEN),
                "invalid_json", null);
    }

    @Test
    void aSearchWithANulIsRefused() {
        long runId = Runs.create(app, workflow, List.of("http://files.test/red.png"));
        expect400(app.get("/workflows/runs/" + runId + "?q=red%00"), "invalid_request", "q");
        assertThat(app.get("/workflows/runs/" + runId + "?q=red").status()).isEqualTo(200);
    }

    @Test
    void aFileNameWithANulIsRefusedAndAnEncodedOneInAUrlStaysEncoded() {
        Reply upload = app.call(new Request.Builder().url(app.baseUrl() + "/uploads")
                .header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(new FormBody().file("file", "a\0b.png", Zips.png(1)).requestBody()).build());
        expect400(upload, "invalid_request", "file");

        long runId = Runs.create(app, workflow, List.of("http://files.test/shoes/a%00b.png"));
        assertThat(Runs.itemsByName(Runs.get(app, runId))).containsOnlyKeys("a%00b.png");
    }

    private static void expect400(Reply reply, String code, String field) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.errorCode()).as(reply.toString()).isEqualTo(code);
        if (field != null) {
            assertThat(reply.errorField()).as(reply.toString()).isEqualTo(field);
        }
    }
}
