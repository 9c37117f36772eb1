package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.FormBody;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestClock;
import dev.flowrun.support.Zips;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Idempotency-Key: a create repeated with its key (after a timeout, say) answers the run it first made; the
 * key with another request is a 409; parallel requests with one key make one run.
 */
class IdempotencyKeyTest {
    static final TestClock CLOCK = new TestClock();
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of(), CLOCK);
    static long workflow;
    static long other;

    @BeforeAll
    static void start() {
        workflow = ZipRuns.passThroughWorkflow(app);
        other = ZipRuns.passThroughWorkflow(app);
    }

    static String body(String url) {
        return "{\"inputs\": {\"in\": {\"files\": [{\"url\": \"" + url + "\"}]}}, \"zipLayout\": \"flatten\"}";
    }

    @Test
    void theSameRequestAgainAnswersTheFirstRunAndCreatesNothing() {
        long before = runCount();
        Reply first = create(workflow, "key-same", body("http://x.test/a.png"));
        assertThat(first.status()).as(first.toString()).isEqualTo(200);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        // The same JSON written otherwise: other key order, other spacing.
        Reply again = create(workflow, "key-same",
                "{ \"zipLayout\":\"flatten\",\n \"inputs\":{\"in\":{\"files\":[{\"url\":\"http://x.test/a.png\"}]}} }");
        assertThat(again.status()).as(again.toString()).isEqualTo(200);
        assertThat(again.json().path("id").asLong()).isEqualTo(first.json().path("id").asLong());
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.json().path("workspaceId").isIntegralNumber()).isTrue();
        assertThat(runCount()).isEqualTo(before + 1);
    }

    @Test
    void theKeyWithAnotherBodyOrWorkflowIsAConflict() {
        long before = runCount();
        assertThat(create(workflow, "key-other", body("http://x.test/a.png")).status()).isEqualTo(200);
        Reply otherBody = create(workflow, "key-other", body("http://x.test/b.png"));
        assertThat(otherBody.status()).as(otherBody.toString()).isEqualTo(409);
        assertThat(otherBody.errorCode()).isEqualTo("conflict");
        Reply otherWorkflow = create(other, "key-other", body("http://x.test/a.png"));
        assertThat(otherWorkflow.status()).as(otherWorkflow.toString()).isEqualTo(409);
        assertThat(runCount()).isEqualTo(before + 1);
        assertThat(create(workflow, "key-other-2", body("http://x.test/b.png")).status())
                .as("another key is another request").isEqualTo(200);
    }

    @Test
    void aRefusedRequestKeepsNoKey() {
        Reply refused = create(workflow, "key-refused", "{\"inputs\": {}}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(create(workflow, "key-refused", body("http://x.test/a.png")).status())
                .as("the corrected request is a first request").isEqualTo(200);
    }

    @Test
    void keysOfAtMost255CharactersAreTaken() {
        assertThat(create(workflow, "k".repeat(255), body("http://x.test/a.png")).status()).isEqualTo(200);
        Reply tooLong = create(workflow, "k".repeat(256), body("http://x.test/a.png"));
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.errorCode()).isEqualTo("invalid_request");
        assertThat(tooLong.errorField()).isEqualTo("Idempotency-Key");
    }

    @Test
    void parallelRequestsWithOneKeyMakeOneRun() throws Exception {
        long before = runCount();
        int parallel = 8;
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < parallel; i++) {
            replies.add(pool.submit(() -> {
                go.await();
                return create(workflow, "key-race", body("http://x.test/race.png"));
            }));
        }
        go.countDown();
        List<Long> ids = new ArrayList<>();
        for (Future<Reply> reply : replies) {
            Reply answer = reply.get(120, TimeUnit.SECONDS);
            assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
            ids.add(answer.json().path("id").asLong());
        }
        pool.shutdown();
        assertThat(ids).as("one run for every answer").containsOnly(ids.get(0));
        assertThat(runCount()).isEqualTo(before + 1);
    }

    @Test
    void aFormIsTheSameBodyWhateverItsBoundary() {
        long before = runCount();
        FormBody first = new FormBody("boundary-one").file("file", "a.png", Zips.png(1)).text("zipLayout", "flatten");
        FormBody again = new FormBody("another-boundary").file("file", "a.png", Zips.png(1)).text("zipLayout", "flatten");
        FormBody changed = new FormBody("boundary-one").file("file", "a.png", Zips.png(2)).text("zipLayout", "flatten");
        Reply created = form("key-form", first);
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        Reply repeated = form("key-form", again);
        assertThat(repeated.status()).as(repeated.toString()).isEqualTo(200);
        assertThat(repeated.json().path("id").asLong()).isEqualTo(created.json().path("id").asLong());
        assertThat(form("key-form", changed).status()).as("other file content").isEqualTo(409);
        assertThat(runCount()).isEqualTo(before + 1);
    }

    @Test
    void aKeyIsKeptFor24Hours() {
        Reply first = create(workflow, "key-day", body("http://x.test/a.png"));
        CLOCK.advance(Duration.ofHours(23));
        assertThat(create(workflow, "key-day", body("http://x.test/a.png")).json().path("id").asLong())
                .isEqualTo(first.json().path("id").asLong());
        CLOCK.advance(Duration.ofHours(2));
        Reply later = create(workflow, "key-day", body("http://x.test/a.png"));
        assertThat(later.status()).isEqualTo(200);
        assertThat(later.json().path("id").asLong()).as("a day later the key is free").isNotEqualTo(first.json().path("id").asLong());
        assertThat(create(workflow, "key-day", body("http://x.test/b.png")).status()).as("and taken anew").isEqualTo(409);
    }

    private static Reply create(long workflowId, String key, String json) {
        return app.call(new Request.Builder().url(app.baseUrl() + "/workflows/" + workflowId + "/runs")
                .header("Authorization", "Bearer " + TestApp.API_KEY).header("Idempotency-Key", key)
                .post(RequestBody.create(json, MediaType.get("application/json"))).build());
    }

    private static Reply form(String key, FormBody form) {
        return app.call(new Request.Builder().url(app.baseUrl() + "/workflows/" + workflow + "/runs")
                .header("Authorization", "Bearer " + TestApp.API_KEY).header("Idempotency-Key", key)
                .post(form.requestBody()).build());
    }

    private static long runCount() {
        return app.get("/workflows/runs").json().path("total").asLong();
    }
}
