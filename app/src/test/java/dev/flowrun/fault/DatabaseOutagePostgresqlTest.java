package dev.flowrun.fault;

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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL restarted ({@code pg_ctl restart -m fast}) and stopped for a while under two instances in the middle of
 * a run, each instance {@code dev.flowrun.Main} in a JVM of its own on a cluster of this test's own (the other tests'
 * is never stopped). Every item completes, no run ends {@code partial} or stays running, one webhook per run;
 * requests during the stop get 503 within 5 s; each instance logs one line when the outage begins and one when it
 * ends. Quick here (60 items, a 6 s stop); {@code -Dflowrun.faults.long=true} runs it at the size the README's
 * failure table was measured at (200 items, a 30 s stop).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DatabaseOutagePostgresqlTest {
    private static final boolean LONG = Boolean.getBoolean("flowrun.faults.long");
    private static final int ITEMS = LONG ? 200 : 60;
    private static final Duration STOP = LONG ? Duration.ofSeconds(30) : Duration.ofSeconds(6);
    /** Shorter than the stop: leases run out during it, as they would in a longer outage with the default lease. */
    private static final Duration LEASE = Duration.ofSeconds(3);
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseOutagePostgresqlTest.class);
    private static final String BEGAN = "the database cannot be reached";
    private static final String ENDED = "the database answers again";
    /** This test's own, stopped once the instances are (after {@code stopThem}). */
    @AutoClose
    private static TestPostgres.Cluster cluster;
    private static Jdbi jdbi;
    @AutoClose
    private static final FileServer files = new FileServer().serve("/disc.png", Images.pngDisc());
    @AutoClose
    private static final HttpsReceiver receiver = HttpsReceiver.trusted();
    private static final List<MainProcess> processes = new ArrayList<>();
    private static final List<ApiClient> instances = new ArrayList<>();
    private static long workflowId;

    @BeforeAll
    static void startTwoInstances() throws IOException {
        cluster = TestPostgres.ownCluster();
        String databaseUrl = cluster.freshDatabase("outages");
        jdbi = Jdbi.create(databaseUrl);
        Path dataDir = Files.createTempDirectory("flowrun-outages");
        List<String> trust = SharedInstances.trustingJvmOptions();
        Map<String, String> env = SharedInstances.env(databaseUrl, dataDir, LEASE);
        env.put("FLOWRUN_WEBHOOK_RETRY_DELAYS", "1s,1s,1s,1s,1s");
        instances.addAll(SharedInstances.start(2, env, trust, processes));
        workflowId = instances.get(0).get("/workflows").json().get(0).path("id").asLong();
    }

    @AfterAll
    static void stopThem() {
        SharedInstances.stop(instances, processes);
    }

    @Test
    @Order(1)
    void aRestartMidRunLosesNoItemAndTheRunEndsCompletedWithOneWebhook() {
        MidRun run = startMidRun(instances.get(0), "/hooks/restart");

        long restartedAt = System.nanoTime();
        cluster.restartFast();

        assertCompletedWithOneWebhook(run);
        assertOneLineEachPerOutage(run);
        report("restart", restartedAt, run, 0, 0);
    }

    @Test
    @Order(2)
    void aStopAnswers503WithinFiveSecondsAndTheRunGoesOnWhenTheDatabaseIsBack() {
        MidRun run = startMidRun(instances.get(1), "/hooks/stop");

        cluster.stopFast();
        long stoppedAt = System.nanoTime();
        long slowest503 = 0;
        for (ApiClient instance : instances) {
            slowest503 = Math.max(slowest503, assertUnavailableWithinFiveSeconds(() -> instance.get("/workflows/runs")));
            slowest503 = Math.max(slowest503,
                    assertUnavailableWithinFiveSeconds(() -> instance.get("/workflows/runs/" + run.id())));
            slowest503 = Math.max(slowest503, assertUnavailableWithinFiveSeconds(() -> instance.post("/workflows/" + workflowId + "/runs",
                    "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + files.url("/disc.png") + "\"}]}}}")));
            long asked = System.nanoTime();
            Reply health = instance.get("/health");
            assertThat(Duration.ofNanos(System.nanoTime() - asked)).as("/health during the stop")
                    .isLessThan(Duration.ofSeconds(5));
            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().path("status").asText()).isEqualTo("unavailable");
            assertThat(health.json().path("reason").asText()).isEqualTo("database");
        }
        // The database stays away for the whole stop, /health saying so throughout.
        Await.until("the stop to have lasted " + STOP, STOP.plusSeconds(30), () -> {
            for (ApiClient instance : instances) {
                assertThat(instance.get("/health").status()).as("/health while stopped").isEqualTo(503);
            }
            return System.nanoTime() - stoppedAt >= STOP.toNanos();
        });

        cluster.startServer();
        long startedAt = System.nanoTime();
        Await.until("both instances to answer /health 200 again", Duration.ofSeconds(10),
                () -> instances.stream().allMatch(instance -> instance.get("/health").status() == 200));
        long backAfter = System.nanoTime() - startedAt;
        assertThat(Duration.ofNanos(backAfter)).as("back after the database").isLessThan(Duration.ofSeconds(10));
        assertCompletedWithOneWebhook(run);
        assertOneLineEachPerOutage(run);
        assertThat(count("SELECT COUNT(*) FROM run_items WHERE status = 'running'")).as("items left running").isZero();
        report("stop of " + STOP.toSeconds() + " s", stoppedAt, run, slowest503, backAfter);
    }

    /** What the README's failure table is measured with, into the tests' log (target/flowrun-tests-postgresql-N.log). */
    private static void report(String fault, long at, MidRun run, long slowest503, long backAfter) {
        LOG.info("{} during a {}-item run on two instances: done {} s after the fault; outage lines per instance"
                        + " (began/ended) {}/{}; slowest 503 {} ms; /health 200 on both {} ms after the start; items whose"
                        + " result was not counted (run again) {}, items given back {}, takeovers {}; stack trace lines {}",
                fault, ITEMS, (System.nanoTime() - at) / 1_000_000_000, delta(lines(BEGAN), run.began()),
                delta(lines(ENDED), run.ended()), slowest503 / 1_000_000, backAfter / 1_000_000, lines("is not counted"),
                lines("runs again from its start"), lines("took over the work"),
                processes.stream().mapToLong(p -> p.stdout().lines().filter(l -> l.startsWith("\tat ")).count()).sum());
    }

    private static List<Integer> delta(List<Integer> now, List<Integer> before) {
        return IntStream.range(0, now.size()).mapToObj(i -> now.get(i) - before.get(i)).toList();
    }

    /** Answers how long the 503 took, in nanoseconds. */
    private static long assertUnavailableWithinFiveSeconds(java.util.function.Supplier<Reply> request) {
        long asked = System.nanoTime();
        Reply reply = request.get();
        long took = System.nanoTime() - asked;
        assertThat(Duration.ofNanos(took)).as("answered within 5 s: " + reply).isLessThan(Duration.ofSeconds(5));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(503);
        assertThat(reply.errorCode()).isEqualTo("service_unavailable");
        assertThat(reply.header("Retry-After")).as("Retry-After").isNotNull();
        return took;
    }

    /** A run made on {@code instance}, its webhook to {@code hook}; the outage lines logged before it. */
    private record MidRun(long id, String hook, List<Integer> began, List<Integer> ended) {
    }

    private static MidRun startMidRun(ApiClient instance, String hook) {
        List<Integer> began = lines(BEGAN);
        List<Integer> ended = lines(ENDED);
        long runId = createRun(instance, hook);
        awaitMidRun(runId);
        return new MidRun(runId, hook, began, ended);
    }

    /** Some items done, several running on both instances: the fault lands in the middle of the run. */
    private static void awaitMidRun(long runId) {
        Await.until("run " + runId + " under way on both instances", Duration.ofSeconds(60),
                () -> count("SELECT COUNT(*) FROM run_items WHERE status = 'completed' AND run_id = " + runId) >= 4
                        && count("SELECT COUNT(DISTINCT claimed_by) FROM run_items WHERE status = 'running'"
                        + " AND run_id = " + runId) == 2);
        assertThat(count("SELECT COUNT(*) FROM run_items WHERE status = 'queued' AND run_id = " + runId))
                .as("items still to come when the fault begins").isPositive();
    }

    private static void assertCompletedWithOneWebhook(MidRun midRun) {
        long runId = midRun.id();
        JsonNode run = Await.until("run " + runId + " to end", Duration.ofSeconds(LONG ? 300 : 120),
                () -> instances.get(0).get("/workflows/runs/" + runId + "?pageSize=100").json(),
                json -> json != null && List.of("completed", "partial", "failed", "cancelled")
                        .contains(json.path("status").asText()));
        assertThat(run.path("status").asText()).as("the run, after the fault").isEqualTo("completed");
        assertThat(run.path("completedItems").asInt()).isEqualTo(ITEMS);
        assertThat(run.path("failedItems").asInt()).isZero();
        assertThat(count("SELECT COUNT(*) FROM run_items WHERE error_message IS NOT NULL AND run_id = " + runId))
                .as("items with an error").isZero();
        assertThat(count("SELECT COUNT(DISTINCT item_id) FROM item_outputs WHERE run_id = " + runId))
                .as("items with their output").isEqualTo(ITEMS);
        Await.until("the webhook of run " + runId, Duration.ofSeconds(30),
                () -> count("SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'delivered' AND run_id = "
                        + runId) == 1);
        assertThat(receiver.requests(midRun.hook())).as("deliveries of run " + runId).hasSize(1);
    }

    /** Per instance, at most one line for the outage's start and as many for its end, and no stack trace. */
    private static void assertOneLineEachPerOutage(MidRun run) {
        List<Integer> beganBefore = run.began();
        List<Integer> endedBefore = run.ended();
        Await.until("every instance that saw the outage begin to see it end", Duration.ofSeconds(10), () -> {
            List<Integer> began = lines(BEGAN);
            List<Integer> ended = lines(ENDED);
            for (int i = 0; i < processes.size(); i++) {
                if (began.get(i) - beganBefore.get(i) != ended.get(i) - endedBefore.get(i)) {
                    return false;
                }
            }
            return true;
        });
        List<Integer> began = lines(BEGAN);
        for (int i = 0; i < processes.size(); i++) {
            assertThat(began.get(i) - beganBefore.get(i)).as("outage lines of instance " + i + ":\n"
                    + processes.get(i).stdout()).isBetween(0, 1);
        }
        assertThat(began.stream().mapToInt(Integer::intValue).sum() - beganBefore.stream().mapToInt(Integer::intValue)
                .sum()).as("instances that noticed the outage").isPositive();
        for (MainProcess process : processes) {
            assertThat(process.stdout().lines().filter(line -> line.startsWith("\tat ")).count())
                    .as("stack trace lines:\n" + process.stdout()).isZero();
        }
    }

    private static List<Integer> lines(String text) {
        return processes.stream().map(process -> (int) process.stdout().lines().filter(line -> line.contains(text))
                .count()).toList();
    }

    private static long createRun(ApiClient instance, String hook) {
        String fileList = IntStream.range(0, ITEMS)
                .mapToObj(i -> "{\"url\": \"" + files.url("/disc.png") + "\", \"name\": \"disc-" + i + ".png\"}")
                .collect(Collectors.joining(","));
        Reply created = instance.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": ["
                + fileList + "]}}, \"webhookUrl\": \"" + receiver.url(hook) + "\"}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return created.json().path("id").asLong();
    }

    private static long count(String sql) {
        return jdbi.withHandle(handle -> handle.createQuery(sql).mapTo(Long.class).one());
    }
}
