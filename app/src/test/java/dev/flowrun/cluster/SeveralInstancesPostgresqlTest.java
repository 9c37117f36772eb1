package dev.flowrun.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.ApiClient;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HttpsReceiver;
import dev.flowrun.support.Images;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.Reply;
import dev.flowrun.support.SharedInstances;
import dev.flowrun.support.TestPostgres;
import dev.flowrun.support.Zips;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Three instances, each {@code dev.flowrun.Main} in a JVM of its own as {@code java -jar} runs it, on one PostgreSQL
 * database and one data directory, two workers each and a lease of 3 s. Only in the PostgreSQL test execution.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SeveralInstancesPostgresqlTest {
    private static final Duration LEASE = Duration.ofSeconds(3);
    /** Far below the 30 s after which an idle worker looks for work without being told. */
    private static final Duration NOTIFIED = Duration.ofSeconds(8);
    private static String databaseUrl;
    private static Path dataDir;
    @AutoClose
    private static final FileServer files = new FileServer().serve("/disc.png", Images.pngDisc());
    @AutoClose
    private static final HttpsReceiver receiver = HttpsReceiver.trusted();
    private static Jdbi jdbi;
    private static final List<MainProcess> processes = new ArrayList<>();
    private static final List<ApiClient> instances = new ArrayList<>();
    private static long workflowId;

    @BeforeAll
    static void startThreeInstances() throws IOException {
        databaseUrl = TestPostgres.freshDatabase("several");
        jdbi = Jdbi.create(databaseUrl);
        dataDir = Files.createTempDirectory("flowrun-several");
        List<String> trust = SharedInstances.trustingJvmOptions();
        Map<String, String> env = SharedInstances.env(databaseUrl, dataDir, LEASE);
        // Started together on the empty database: the migrations and the first workspace race as they would.
        instances.addAll(SharedInstances.start(3, env, trust, processes));
        workflowId = instances.get(0).get("/workflows").json().get(0).path("id").asLong();
    }

    @AfterAll
    static void stopThem() {
        SharedInstances.stop(instances, processes);
        TestPostgres.drop(databaseUrl);
    }

    @Test
    @Order(1)
    void signedUrlsVerifyOnEveryInstanceAndTheArchiveIsBuiltOnceTheSameForAll() {
        long runId = createRun(instances.get(0), 3, false, null);
        JsonNode run = awaitStatus(instances.get(1), runId, "completed", Duration.ofSeconds(60));
        String outputUrl = run.path("items").get(0).path("outputs").get(0).path("url").asText();
        String archiveUrl = run.path("outputArchiveUrl").asText();
        byte[] archiveFromFirst = null;
        for (ApiClient instance : instances) {
            Reply output = instance.fetch(onInstance(outputUrl, instance));
            assertThat(output.status()).as("an output URL signed elsewhere, on " + instance.baseUrl()).isEqualTo(200);
            Reply archive = instance.fetch(onInstance(archiveUrl, instance));
            assertThat(archive.status()).as("the archive on " + instance.baseUrl()).isEqualTo(200);
            if (archiveFromFirst == null) {
                archiveFromFirst = archive.bytes();
            } else {
                assertThat(archive.bytes()).as("the same archive from every instance").isEqualTo(archiveFromFirst);
            }
        }
        assertThat(count("SELECT COUNT(*) FROM archive_builds")).as("build claims left behind").isZero();
    }

    @Test
    @Order(2)
    void aCancelOnOneInstanceStopsTheRunEverywhereAtOnce() {
        files.hold();
        long runId = createRun(instances.get(0), 12, true, null);
        // Created on one instance, its items reach the idle workers of the other two by NOTIFY: within seconds, where
        // an idle worker otherwise looks again only every 30 s.
        Await.until("all six workers of the three instances to hold an item", NOTIFIED,
                () -> count("SELECT COUNT(*) FROM run_items WHERE status = 'running' AND run_id = " + runId) == 6
                        && count("SELECT COUNT(DISTINCT claimed_by) FROM run_items WHERE status = 'running'") == 3);
        Reply cancel = instances.get(2).post("/workflows/runs/" + runId + "/cancel", "{}");
        assertThat(cancel.status()).isEqualTo(200);

        JsonNode seenElsewhere = instances.get(1).get("/workflows/runs/" + runId + "?pageSize=100").json();
        assertThat(seenElsewhere.path("status").asText()).isEqualTo("cancelled");
        long queuedLeft = items(seenElsewhere).stream().filter(item -> item.path("status").asText().equals("queued"))
                .count();
        assertThat(queuedLeft).as("items still queued, read from another instance at once").isZero();
        files.release();

        JsonNode done = Await.until("every item to end", Duration.ofSeconds(30),
                () -> instances.get(0).get("/workflows/runs/" + runId + "?pageSize=100").json(),
                r -> items(r).stream().allMatch(item -> item.path("status").asText().equals("cancelled")));
        assertThat(items(done)).hasSize(12);
        assertThat(count("SELECT COUNT(*) FROM item_outputs WHERE run_id = " + runId)).isZero();
    }

    @Test
    @Order(3)
    void anInstanceKilledMidRunLosesNothingAndEveryRunEndsOnceWithOneWebhook() {
        files.hold();
        int heldBefore = files.heldRequests();
        files.serve("/three.zip", Zips.builder().add("a.png", Zips.png(1)).add("b.png", Zips.png(2))
                .add("c.png", Zips.png(3)).build());
        MainProcess victim = processes.get(1);
        // A zip run created on the instance about to die: its archive reading is that instance's.
        Reply zipRun = instances.get(1).post("/workflows/" + workflowId + "/runs", "{\"zipUrl\": \""
                + files.heldUrl("/three.zip") + "\", \"webhookUrl\": \"" + receiver.url("/hooks/several") + "\"}");
        assertThat(zipRun.status()).as(zipRun.toString()).isEqualTo(200);
        long zipRunId = zipRun.json().path("id").asLong();
        List<Long> runIds = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            runIds.add(createRun(instances.get(i % 3), 6, true, receiver.url("/hooks/several")));
        }
        Await.until("every worker of every instance to hold an item, and the archive's download held", NOTIFIED,
                () -> count("SELECT COUNT(*) FROM run_items WHERE status = 'running'") == 6
                        && count("SELECT COUNT(DISTINCT claimed_by) FROM run_items WHERE status = 'running'") == 3
                        && files.heldRequests() - heldBefore == 7);
        String victimId = jdbi.withHandle(handle -> handle.createQuery("SELECT id FROM instances WHERE pid = :pid")
                .bind("pid", victim.pid()).mapTo(String.class).one());
        assertThat(count("SELECT COUNT(*) FROM runs WHERE ingesting = TRUE AND ingest_claimed_by = '" + victimId
                + "' AND id = " + zipRunId)).as("the zip run's reading, the victim's").isEqualTo(1);
        List<Long> heldByVictim = jdbi.withHandle(handle -> handle
                .createQuery("SELECT id FROM run_items WHERE status = 'running' AND claimed_by = :id")
                .bind("id", victimId).mapTo(Long.class).list());
        assertThat(heldByVictim).hasSize(2);

        victim.kill();
        files.release();

        JsonNode zipDone = awaitStatus(instances.get(2), zipRunId, "completed", Duration.ofSeconds(60));
        assertThat(zipDone.path("totalItems").asInt()).as("the zip run, read again by the taker").isEqualTo(3);
        assertThat(count("SELECT COUNT(*) FROM run_items WHERE run_id = " + zipRunId)).isEqualTo(3);

        for (long runId : runIds) {
            JsonNode run = awaitStatus(instances.get(0), runId, "completed", Duration.ofSeconds(60));
            assertThat(run.path("completedItems").asInt()).isEqualTo(6);
            assertThat(items(run)).allSatisfy(item -> assertThat(item.path("outputs")).hasSize(1));
        }
        assertThat(count("SELECT COUNT(*) FROM instances WHERE id = '" + victimId + "'")).as("the killed instance")
                .isZero();
        for (long itemId : heldByVictim) {
            assertThat(count("SELECT COUNT(*) FROM run_items WHERE status = 'completed' AND id = " + itemId
                    + " AND claimed_by <> '" + victimId + "'")).as("item " + itemId + ", taken over").isEqualTo(1);
        }
        runIds.add(zipRunId);
        String runList = runIds.stream().map(String::valueOf).collect(Collectors.joining(","));
        assertThat(count("SELECT COUNT(*) FROM item_outputs WHERE run_id IN (" + runList + ")")).isEqualTo(33);
        assertThat(count("SELECT COUNT(DISTINCT item_id) FROM item_outputs WHERE run_id IN (" + runList + ")"))
                .isEqualTo(33);

        Await.until("every run's webhook to be delivered", Duration.ofSeconds(60),
                () -> count("SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'delivered' AND run_id IN ("
                        + runList + ")") == 6);
        Map<String, Long> perRun = receiver.requests("/hooks/several").stream()
                .collect(Collectors.groupingBy(request -> request.getHeaders().get("X-Service-Run-Id"),
                        Collectors.counting()));
        assertThat(perRun).hasSize(6).allSatisfy((run, requests) -> assertThat(requests).as("run " + run).isEqualTo(1));
        Set<String> runs = new HashSet<>(perRun.keySet());
        assertThat(runs).containsExactlyInAnyOrderElementsOf(runIds.stream().map(String::valueOf).toList());
    }

    @Test
    @Order(4)
    void aTakeoverOfAPausedRunsItemsKeepsThemPausedAndAResumeFinishesIt() {
        // Instance 1 was killed above: instance 0 dies here, instance 2 pauses, takes over and resumes.
        files.hold();
        long runId = createRun(instances.get(0), 6, true, null);
        MainProcess victim = processes.get(0);
        String victimId = jdbi.withHandle(handle -> handle.createQuery("SELECT id FROM instances WHERE pid = :pid")
                .bind("pid", victim.pid()).mapTo(String.class).one());
        Await.until("both workers of the instance about to die to hold an item", NOTIFIED,
                () -> count("SELECT COUNT(*) FROM run_items WHERE status = 'running' AND claimed_by = '" + victimId
                        + "' AND run_id = " + runId) == 2);
        assertThat(instances.get(2).post("/workflows/runs/" + runId + "/pause", "{}").json().path("ok").asBoolean())
                .isTrue();
        long runningElsewhere = count("SELECT COUNT(*) FROM run_items WHERE status = 'running' AND run_id = " + runId)
                - 2;

        victim.kill();
        Await.until("the dead instance's items taken over", Duration.ofSeconds(30),
                () -> count("SELECT COUNT(*) FROM instances WHERE id = '" + victimId + "'") == 0);
        files.release();
        Await.until("the items running elsewhere to be counted", Duration.ofSeconds(30),
                () -> count("SELECT completed_items FROM runs WHERE id = " + runId) == runningElsewhere);
        JsonNode paused = instances.get(2).get("/workflows/runs/" + runId + "?pageSize=100").json();
        assertThat(paused.path("paused").asBoolean()).as("still paused after the takeover").isTrue();
        assertThat(paused.path("status").asText()).isEqualTo("running");
        assertThat(count("SELECT COUNT(*) FROM run_items WHERE status = 'running' AND run_id = " + runId))
                .as("no item of the paused run started on any instance").isZero();
        assertThat(count("SELECT COUNT(*) FROM run_items WHERE status = 'queued' AND held = TRUE AND run_id = "
                + runId)).as("the dead instance's items, queued again held").isEqualTo(6 - runningElsewhere);

        assertThat(instances.get(2).post("/workflows/runs/" + runId + "/resume", "{}").json().path("ok").asBoolean())
                .isTrue();
        JsonNode done = awaitStatus(instances.get(2), runId, "completed", Duration.ofSeconds(60));
        assertThat(done.path("completedItems").asInt()).isEqualTo(6);
        assertThat(done.path("paused").asBoolean()).isFalse();
    }

    private static long createRun(ApiClient instance, int items, boolean held, String webhookUrl) {
        String fileList = IntStream.range(0, items)
                .mapToObj(i -> "{\"url\": \"" + (held ? files.heldUrl("/disc.png") : files.url("/disc.png")) + "\"}")
                .collect(Collectors.joining(","));
        String webhook = webhookUrl == null ? "" : ", \"webhookUrl\": \"" + webhookUrl + "\"";
        Reply created = instance.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + fileList + "]}}" + webhook + "}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return created.json().path("id").asLong();
    }

    private static JsonNode awaitStatus(ApiClient instance, long runId, String status, Duration timeout) {
        return Await.until("run " + runId + " to be " + status, timeout,
                () -> instance.get("/workflows/runs/" + runId + "?pageSize=100").json(),
                run -> run.path("status").asText().equals(status));
    }

    private static List<JsonNode> items(JsonNode run) {
        List<JsonNode> items = new ArrayList<>();
        run.path("items").forEach(items::add);
        return items;
    }

    /** The same signed URL, asked of another instance: only the host and port change. */
    private static String onInstance(String url, ApiClient instance) {
        return instance.baseUrl() + url.substring(url.indexOf('/', "http://".length()));
    }

    private static long count(String sql) {
        return jdbi.withHandle(handle -> handle.createQuery(sql).mapTo(Long.class).one());
    }
}
