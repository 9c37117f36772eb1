package dev.flowrun.files.s3;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FaultyStoreProxy;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.S3ProxyServer;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import okhttp3.Request;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A slow store (every answer a second late, through a proxy before S3Proxy) is slow, not down: a run completes with
 * every output right, file URLs are served and /health says 200. One slower than /health's few seconds is reported
 * as 503 {@code storage} within them, file URLs answer 503 within 5 s, and both are 200 again once it is quick.
 */
class SlowStoreTest {
    static final S3ProxyServer S3 = S3ProxyServer.shared();
    FaultyStoreProxy proxy;
    TestApp app;
    FileServer files;

    @AfterEach
    void stop() {
        app.close();
        files.close();
        proxy.close();
    }

    @Test
    void aStoreASecondLateStillServesEverythingAndOneSlowerThanHealthsLimitIsReported() {
        proxy = new FaultyStoreProxy(S3.endpoint());
        Map<String, String> env = new HashMap<>(S3.env(S3.newBucket(), "slow"));
        env.put("FLOWRUN_S3_ENDPOINT", proxy.endpoint());
        app = TestApp.start(env);
        long workflow = TestWorkflow.passThrough().create(app);
        files = new FileServer();
        List<String> urls = new ArrayList<>();
        // One item more than the two workers: each item's every call meets the delay, and one waits for a worker the
        // slow store holds up; more items only repeat that path a second a call.
        for (int i = 0; i < 3; i++) {
            files.serve("/p" + i + ".png", Images.encode(ObjectStoreFaultsTest.noisePicture(i), "png"));
            urls.add(files.url("/p" + i + ".png"));
        }

        proxy.delay(Duration.ofSeconds(1));
        long runId = Runs.create(app, workflow, urls);
        JsonNode run = Await.until("run " + runId + " to end", Duration.ofSeconds(180), () -> {
            long asked = System.nanoTime();
            Reply health = app.get("/health");
            assertThat(health.status()).as("a slow store is up: " + health).isEqualTo(200);
            assertThat(System.nanoTime() - asked).as("/health within its limit").isLessThan(3_500_000_000L);
            return Runs.get(app, runId);
        }, r -> Runs.TERMINAL.contains(r.path("status").asText()));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        for (JsonNode item : run.path("items")) {
            String name = item.path("uploadInputs").path("in").path("fileName").asText();
            int seed = Integer.parseInt(name.replaceAll("\\D", ""));
            Reply output = app.fetch(item.path("outputs").get(0).path("url").asText());
            assertThat(output.status()).as(name).isEqualTo(200);
            assertThat(ObjectStoreFaultsTest.pixels(Images.decode(output.bytes())))
                    .isEqualTo(ObjectStoreFaultsTest.pixels(ObjectStoreFaultsTest.noisePicture(seed)));
        }

        proxy.delay(Duration.ofSeconds(5));
        long asked = System.nanoTime();
        Reply health = app.get("/health");
        assertThat(System.nanoTime() - asked).as("answered within its limit").isLessThan(5_000_000_000L);
        assertThat(health.status()).isEqualTo(503);
        assertThat(health.json().path("reason").asText()).isEqualTo("storage");
        // A file URL waits for the store as long as a request may: 503 with Retry-After within 5 s, not after the
        // store's own (longer) limits.
        String url = run.path("items").get(0).path("outputs").get(0).path("url").asText();
        for (boolean head : new boolean[] {false, true}) {
            asked = System.nanoTime();
            Reply file = head ? app.call(new Request.Builder().url(url).head().build()) : app.fetch(url);
            assertThat(System.nanoTime() - asked).as("file URL answered within 5 s").isLessThan(5_000_000_000L);
            assertThat(file.status()).as(file.toString()).isEqualTo(503);
            assertThat(file.header("Retry-After")).isNotNull();
            if (!head) {
                assertThat(file.errorCode()).isEqualTo("service_unavailable");
            }
        }
        proxy.delay(Duration.ZERO);
        Await.until("/health to be 200 again", Duration.ofSeconds(30), () -> app.get("/health").status() == 200);
        assertThat(app.fetch(url).status()).as("the file served again").isEqualTo(200);
    }
}
