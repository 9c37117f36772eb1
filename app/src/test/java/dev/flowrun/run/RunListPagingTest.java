package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Reading the run list, now that an unfiltered page is a range of per-workspace run numbers:
 * newest first by createdAt then id, page bounds, totals, filters, and runs created at the same time.
 */
class RunListPagingTest {
    static final int RUNS = 24;
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer();
    static long removeBackground;
    static long productShot;
    static Set<Long> created = ConcurrentHashMap.newKeySet();
    static Set<Long> cancelled = ConcurrentHashMap.newKeySet();
    static Set<Long> ofProductShot = ConcurrentHashMap.newKeySet();

    @BeforeAll
    static void start() throws Exception {
        removeBackground = Runs.template(app, "Remove background");
        productShot = Runs.template(app, "Product shot");
        // Six callers at once: numbers are taken under the workspace's lock, whatever order the commits come in.
        ExecutorService callers = Executors.newFixedThreadPool(6);
        try {
            List<Future<Long>> runs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                long workflowId = i % 3 == 0 ? productShot : removeBackground;
                runs.add(callers.submit(() -> create(workflowId, files.heldUrl("/slow.png"))));
            }
            for (int i = 0; i < RUNS; i++) {
                long runId = runs.get(i).get();
                created.add(runId);
                if (i % 3 == 0) {
                    ofProductShot.add(runId);
                }
            }
        } finally {
            callers.shutdown();
        }
        for (long runId : created) {
            if (runId % 4 == 0) {
                assertThat(app.post("/workflows/runs/" + runId + "/cancel", null).json().path("ok").asBoolean()).isTrue();
                cancelled.add(runId);
            }
        }
    }

    static long create(long workflowId, String url) {
        Reply reply = app.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + url + "\"}]}}}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json().path("id").asLong();
    }

    /** Every page of {@code query} at {@code pageSize}, checking each page's bounds and total on the way. */
    static List<JsonNode> allPages(String query, int pageSize, int expectedTotal) {
        List<JsonNode> runs = new ArrayList<>();
        int pages = (expectedTotal + pageSize - 1) / pageSize;
        for (int page = 1; page <= pages + 1; page++) {
            JsonNode answer = app.get("/workflows/runs?" + query + "&page=" + page + "&pageSize=" + pageSize).json();
            assertThat(answer.path("total").asInt()).as("total on page " + page).isEqualTo(expectedTotal);
            assertThat(answer.path("page").asInt()).isEqualTo(page);
            assertThat(answer.path("pageSize").asInt()).isEqualTo(pageSize);
            int expectedSize = page <= pages ? Math.min(pageSize, expectedTotal - (page - 1) * pageSize) : 0;
            assertThat(answer.path("items")).as("items on page " + page).hasSize(expectedSize);
            answer.path("items").forEach(runs::add);
        }
        return runs;
    }

    static List<Long> ids(List<JsonNode> runs) {
        return runs.stream().map(run -> run.path("id").asLong()).toList();
    }

    static void assertNewestFirst(List<JsonNode> runs) {
        Comparator<JsonNode> newestFirst = Comparator
                .comparing((JsonNode run) -> Instant.parse(run.path("createdAt").asText()))
                .thenComparing(run -> run.path("id").asLong()).reversed();
        assertThat(runs).isSortedAccordingTo(newestFirst);
    }

    @Test
    void everyPageIsARunOfTheNewestFirstOrderWithNoGapOrRepeat() {
        List<JsonNode> runs = allPages("x=1", 5, created.size());
        assertThat(ids(runs)).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(created);
        assertNewestFirst(runs);
        assertThat(ids(allPages("x=1", 100, created.size()))).isEqualTo(ids(runs));
    }

    @Test
    void pagePastTheEndIsEmptyWithTheTotal() {
        int total = created.size();
        for (String page : List.of("page=" + (total / 5 + 2) + "&pageSize=5", "page=2&pageSize=100",
                "page=2147483647&pageSize=100")) {
            JsonNode answer = app.get("/workflows/runs?" + page).json();
            assertThat(answer.path("items")).as(page).isEmpty();
            assertThat(answer.path("total").asInt()).isEqualTo(total);
        }
    }

    @Test
    void aNewRunComesFirstAndShiftsEveryPageByOne() {
        List<Long> before = ids(allPages("x=1", 100, created.size()));
        long newest = create(removeBackground, files.heldUrl("/slow.png"));
        app.post("/workflows/runs/" + newest + "/cancel", null);
        cancelled.add(newest);
        created.add(newest);
        JsonNode first = app.get("/workflows/runs?pageSize=3").json();
        assertThat(first.path("items").get(0).path("id").asLong()).isEqualTo(newest);
        assertThat(first.path("items").get(1).path("id").asLong()).isEqualTo(before.get(0));
        JsonNode second = app.get("/workflows/runs?page=2&pageSize=3").json();
        assertThat(second.path("items").get(0).path("id").asLong()).isEqualTo(before.get(2));
    }

    @Test
    void statusAndWorkflowFiltersKeepTheirOrderBoundsAndTotals() {
        List<JsonNode> byStatus = allPages("status=cancelled", 2, cancelled.size());
        assertThat(ids(byStatus)).containsExactlyInAnyOrderElementsOf(cancelled);
        assertThat(byStatus).allSatisfy(run -> assertThat(run.path("status").asText()).isEqualTo("cancelled"));
        assertNewestFirst(byStatus);

        List<JsonNode> byWorkflow = allPages("workflowId=" + productShot, 3, ofProductShot.size());
        assertThat(ids(byWorkflow)).containsExactlyInAnyOrderElementsOf(ofProductShot);
        assertNewestFirst(byWorkflow);

        assertThat(app.get("/workflows/runs?status=completed").json().path("total").asInt()).isZero();
        assertThat(app.get("/workflows/runs?workflowId=987654").json().path("items")).isEmpty();
    }

    @Test
    void anotherWorkspaceNumbersItsOwnRunsAndNeverShowsOrCountsThese() {
        String admin = "Bearer " + TestApp.ADMIN_TOKEN;
        long workspace = app.send("POST", "/admin/workspaces", "{\"name\": \"paging B\"}", admin).json().path("id").asLong();
        String b = "Bearer " + app.send("POST", "/admin/workspaces/" + workspace + "/keys", null, admin).json()
                .path("key").asText();
        long templateB = 0;
        for (JsonNode workflow : app.get("/workflows", b).json()) {
            if (workflow.path("name").asText().equals("Remove background")) {
                templateB = workflow.path("id").asLong();
            }
        }
        int totalA = app.get("/workflows/runs").json().path("total").asInt();
        Reply runB = app.send("POST", "/workflows/" + templateB + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + files.heldUrl("/slow.png") + "\"}]}}}", b);
        assertThat(runB.status()).as(runB.toString()).isEqualTo(200);
        app.send("POST", "/workflows/runs/" + runB.json().path("id").asLong() + "/cancel", null, b);

        JsonNode listB = app.get("/workflows/runs", b).json();
        assertThat(listB.path("total").asInt()).isEqualTo(1);
        assertThat(ids(list(listB))).containsExactly(runB.json().path("id").asLong());
        JsonNode listA = app.get("/workflows/runs?pageSize=100").json();
        assertThat(listA.path("total").asInt()).isEqualTo(totalA);
        assertThat(ids(list(listA))).doesNotContain(runB.json().path("id").asLong());
    }

    static List<JsonNode> list(JsonNode answer) {
        List<JsonNode> runs = new ArrayList<>();
        answer.path("items").forEach(runs::add);
        return runs;
    }
}
