package dev.flowrun.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.ApiClient;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.Reply;
import dev.flowrun.support.S3ProxyServer;
import dev.flowrun.support.SharedInstances;
import dev.flowrun.support.TestPostgres;
import dev.flowrun.support.TestWorkflow;
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
import org.junit.jupiter.api.Test;

/**
 * Two instances ({@code dev.flowrun.Main} in JVMs of their own) on one PostgreSQL database and one object store,
 * each with a data directory of its own: nothing shared on disk. One is killed ({@code kill -9}) in the middle of a
 * 200-item run; the other finishes it and serves every file. Only in the PostgreSQL test execution.
 */
class ObjectStoreInstancesPostgresqlTest {
    private static final int ITEMS = 200;
    /** Items served at once; the rest wait on the file server until the victim is dead. */
    private static final int FREE = 40;
    private static String databaseUrl;
    @AutoClose
    private static FileServer files;
    private static Jdbi jdbi;
    private static String bucket;
    private static final List<MainProcess> processes = new ArrayList<>();
    private static final List<ApiClient> instances = new ArrayList<>();
    private static final List<Path> dataDirs = new ArrayList<>();

    @BeforeAll
    static void startTwoInstances() throws IOException {
        S3ProxyServer s3 = S3ProxyServer.shared();
        bucket = s3.newBucket();
        databaseUrl = TestPostgres.freshDatabase("objects");
        jdbi = Jdbi.create(databaseUrl);
        files = new FileServer().serve("/disc.png", Images.pngDisc());
        for (int i = 0; i < 2; i++) {
            Path dataDir = Files.createTempDirectory("flowrun-instance-" + i);
            dataDirs.add(dataDir);
            Map<String, String> env = SharedInstances.env(databaseUrl, dataDir, Duration.ofSeconds(3));
            env.putAll(s3.env(bucket, "shared"));
            processes.add(MainProcess.start(env));
        }
        for (MainProcess process : processes) {
            instances.add(new ApiClient("http://localhost:" + process.awaitListening(Duration.ofSeconds(90))));
        }
    }

    @AfterAll
    static void stopThem() {
        SharedInstances.stop(instances, processes);
        TestPostgres.drop(databaseUrl);
    }

    @Test
    void anInstanceKilledMidRunLeavesEveryOutputToTheOtherWithNoSharedDirectory() throws IOException {
        ApiClient victimApi = instances.get(0);
        ApiClient survivor = instances.get(1);
        MainProcess victim = processes.get(0);
        long workflowId = TestWorkflow.passThrough().create(victimApi);
        files.hold();
        String fileList = IntStream.range(0, ITEMS).mapToObj(i -> "{\"url\": \"" + (i < FREE
                ? files.url("/disc.png") : files.heldUrl("/disc.png")) + "?n=" + i + "\", \"name\": \"p" + i + ".png\"}")
                .collect(Collectors.joining(","));
        Reply created = victimApi.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + fileList + "]}}}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        long runId = created.json().path("id").asLong();
        String victimId = jdbi.withHandle(handle -> handle.createQuery("SELECT id FROM instances WHERE pid = :pid")
                .bind("pid", victim.pid()).mapTo(String.class).one());
        Await.until("the free items done, and the victim holding items mid-run", Duration.ofSeconds(120),
                () -> count("SELECT COUNT(*) FROM run_items WHERE status = 'completed' AND run_id = " + runId) >= FREE
                        - 4 && count("SELECT COUNT(*) FROM run_items WHERE status = 'running' AND claimed_by = '"
                        + victimId + "'") == 2);
        long doneByVictim = count("SELECT COUNT(*) FROM run_items WHERE status = 'completed' AND claimed_by = '"
                + victimId + "' AND run_id = " + runId);

        victim.kill();
        files.release();

        JsonNode run = Await.until("the run to be completed by the survivor", Duration.ofSeconds(240),
                () -> survivor.get("/workflows/runs/" + runId).json(),
                r -> r.path("status").asText().equals("completed"));
        assertThat(run.path("completedItems").asInt()).isEqualTo(ITEMS);
        List<String> urls = new ArrayList<>();
        for (int page = 1; page <= 2; page++) {
            survivor.get("/workflows/runs/" + runId + "?pageSize=100&page=" + page).json().path("items")
                    .forEach(item -> {
                        urls.add(item.path("outputs").get(0).path("url").asText());
                        urls.add(item.path("uploadInputs").path("in").path("url").asText());
                    });
        }
        assertThat(urls).hasSize(2 * ITEMS);
        int served = 0;
        for (String url : urls) {
            Reply file = survivor.fetch(onInstance(url, survivor));
            assertThat(file.status()).as(url).isEqualTo(200);
            served++;
        }
        assertThat(served).isEqualTo(2 * ITEMS);
        Reply archive = survivor.fetch(onInstance(run.path("outputArchiveUrl").asText(), survivor));
        assertThat(archive.status()).isEqualTo(200);
        assertThat(doneByVictim).as("outputs the killed instance had written, served by the other").isPositive();
        for (Path dataDir : dataDirs) {
            try (var stored = Files.walk(dataDir.resolve("files"))) {
                assertThat(stored.filter(Files::isRegularFile)).as("nothing in " + dataDir).isEmpty();
            }
        }
        System.out.printf("object store, two instances: %d items, %d done by the killed one before kill -9, %d files"
                + " served by the other%n", ITEMS, doneByVictim, served);
    }

    private static String onInstance(String url, ApiClient instance) {
        return instance.baseUrl() + url.substring(url.indexOf('/', "http://".length()));
    }

    private static long count(String sql) {
        return jdbi.withHandle(handle -> handle.createQuery(sql).mapTo(Long.class).one());
    }
}
