package dev.flowrun.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every id of another workspace answers exactly as an id that does not exist (404 not_found), on
 * every endpoint. Workspace A is the default one; B is made through the admin API.
 */
class WorkspaceIsolationTest {
    static final long MISSING = 987654321L;
    static final String A = "Bearer " + TestApp.API_KEY;
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer().serve("/red.png", Images.pngDisc());
    static String b;
    static long workflowA;
    static JsonNode workflowABefore;
    static long templateA;
    static long runA;
    static long itemA;
    static long runB;
    static long itemB;

    @BeforeAll
    static void start() {
        Reply workspace = app.send("POST", "/admin/workspaces", "{\"name\": \"workspace B\"}",
                "Bearer " + TestApp.ADMIN_TOKEN);
        assertThat(workspace.status()).as(workspace.toString()).isEqualTo(201);
        Reply key = app.send("POST", "/admin/workspaces/" + workspace.json().path("id").asLong() + "/keys", null,
                "Bearer " + TestApp.ADMIN_TOKEN);
        assertThat(key.status()).as(key.toString()).isEqualTo(201);
        b = "Bearer " + key.json().path("key").asText();

        Reply created = app.post("/workflows", TestWorkflow.named("A's workflow").input("in").output("out").chain()
                .json());
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        workflowA = created.json().path("id").asLong();
        workflowABefore = created.json();
        templateA = templateId(A, "Remove background");

        // A's run waits on a held download, so it is still in progress while B pokes at it.
        runA = createRun(A, templateA, files.heldUrl("/red.png"));
        itemA = app.get("/workflows/runs/" + runA, A).json().path("items").get(0).path("id").asLong();
        runB = createRun(b, templateId(b, "Remove background"), files.url("/red.png"));
        itemB = app.get("/workflows/runs/" + runB, b).json().path("items").get(0).path("id").asLong();
    }

    static long templateId(String auth, String name) {
        for (JsonNode workflow : app.get("/workflows", auth).json()) {
            if (workflow.path("name").asText().equals(name)) {
                return workflow.path("id").asLong();
            }
        }
        throw new AssertionError("no template " + name);
    }

    static long createRun(String auth, long workflowId, String url) {
        Reply run = app.send("POST", "/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + url + "\"}]}}}", auth);
        assertThat(run.status()).as(run.toString()).isEqualTo(200);
        return run.json().path("id").asLong();
    }

    /**
     * B's request naming A's {@code realId} answers exactly as the same request naming an id that exists nowhere:
     * 404 not_found, the same message once the numbers are written out of it.
     */
    static void assertLikeMissing(long realId, Function<Long, Reply> request) {
        Reply real = request.apply(realId);
        Reply missing = request.apply(MISSING);
        assertThat(missing.status()).as(missing.toString()).isEqualTo(404);
        assertThat(missing.errorCode()).isEqualTo("not_found");
        assertThat(real.status()).as(real.toString()).isEqualTo(404);
        assertThat(real.errorCode()).as(real.toString()).isEqualTo("not_found");
        assertThat(real.json().path("error").has("field")).isFalse();
        assertThat(real.json().path("error").path("message").asText().replaceAll("\\d+", "<n>"))
                .isEqualTo(missing.json().path("error").path("message").asText().replaceAll("\\d+", "<n>"));
    }

    @Test
    void workflowOfAnotherWorkspaceIsNotFoundOnEveryEndpoint() {
        String update = """
                {"name": "taken over", "graph": {"nodes": [
                  {"id": "in", "type": "imageInput", "position": {"x": 0, "y": 0}, "data": {}},
                  {"id": "out", "type": "output", "position": {"x": 1, "y": 0}, "data": {}}],
                 "edges": [{"id": "e1", "source": "in", "target": "out"}]}}""";
        String runBody = "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + files.url("/red.png") + "\"}]}}}";
        for (long id : new long[] {workflowA, templateA}) {
            assertLikeMissing(id, x -> app.get("/workflows/" + x, b));
            assertLikeMissing(id, x -> app.send("PUT", "/workflows/" + x, update, b));
            assertLikeMissing(id, x -> app.send("POST", "/workflows/" + x + "/runs", runBody, b));
            assertLikeMissing(id, x -> app.send("DELETE", "/workflows/" + x, null, b));
        }
        Reply stillThere = app.get("/workflows/" + workflowA, A);
        assertThat(stillThere.status()).isEqualTo(200);
        assertThat(stillThere.json()).isEqualTo(workflowABefore);
        assertThat(app.get("/workflows/" + templateA, A).status()).isEqualTo(200);

        List<Long> idsSeenByB = app.get("/workflows", b).json().findValues("id").stream().map(JsonNode::asLong).toList();
        assertThat(idsSeenByB).isNotEmpty().doesNotContain(workflowA, templateA);
    }

    @Test
    void runOfAnotherWorkspaceIsNotFoundOnEveryEndpointAndStaysIntact() {
        assertLikeMissing(runA, x -> app.get("/workflows/runs/" + x, b));
        assertLikeMissing(runA, x -> app.get("/workflows/runs/" + x + "?page=1&pageSize=10&q=red", b));
        assertLikeMissing(runA, x -> app.get("/workflows/runs/" + x + "/items/" + itemA, b));
        assertLikeMissing(runA, x -> app.get("/workflows/runs/" + x + "/download", b));
        assertLikeMissing(runA, x -> app.send("POST", "/workflows/runs/" + x + "/cancel", null, b));
        // Item ids do not cross runs either way.
        assertLikeMissing(itemA, x -> app.get("/workflows/runs/" + runB + "/items/" + x, b));
        assertLikeMissing(itemB, x -> app.get("/workflows/runs/" + runA + "/items/" + x, A));

        JsonNode listB = app.get("/workflows/runs?pageSize=100", b).json();
        assertThat(listB.path("items").findValues("id").stream().map(JsonNode::asLong).toList())
                .contains(runB).doesNotContain(runA);
        assertThat(listB.path("total").asLong()).isEqualTo(1);
        // Filtering by another workspace's workflow answers as filtering by a workflow that does not exist.
        Reply byWorkflowA = app.get("/workflows/runs?workflowId=" + templateA, b);
        Reply byMissing = app.get("/workflows/runs?workflowId=" + MISSING, b);
        assertThat(byWorkflowA.status()).as(byWorkflowA.toString()).isEqualTo(byMissing.status());
        if (byWorkflowA.status() != 200) {
            assertThat(byWorkflowA.errorCode()).isEqualTo(byMissing.errorCode());
        } else {
            assertThat(byWorkflowA.json()).isEqualTo(byMissing.json());
            assertThat(byWorkflowA.json().path("items")).isEmpty();
        }
        JsonNode listA = app.get("/workflows/runs?pageSize=100", A).json();
        assertThat(listA.path("items").findValues("id").stream().map(JsonNode::asLong).toList())
                .contains(runA).doesNotContain(runB);

        JsonNode stillA = app.get("/workflows/runs/" + runA, A).json();
        assertThat(stillA.path("status").asText()).as(stillA.toString()).isIn("queued", "running");
        assertThat(stillA.path("items").get(0).path("status").asText()).isIn("queued", "running");

        files.release();
        JsonNode done = Await.until("A's run to finish", Duration.ofSeconds(20),
                () -> app.get("/workflows/runs/" + runA, A).json(),
                run -> List.of("completed", "partial", "failed", "cancelled").contains(run.path("status").asText()));
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        assertThat(done.path("completedItems").asInt()).isEqualTo(1);

        // Finished, A's run is still invisible to B, download included, and its page (now served from the cache of
        // finished pages, as A has just read it) too.
        assertLikeMissing(runA, x -> app.get("/workflows/runs/" + x, b));
        assertLikeMissing(runA, x -> app.get("/workflows/runs/" + x + "?page=1&pageSize=10&q=red", b));
        assertLikeMissing(runA, x -> app.get("/workflows/runs/" + x + "/download", b));
        assertLikeMissing(runA, x -> app.get("/workflows/runs/" + x + "/items/" + itemA, b));
        assertThat(app.get("/workflows/runs/" + runA + "/download", A).status()).isEqualTo(200);
    }
}
