package dev.flowrun.files.s3;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.S3ProxyServer;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The object store stops while the service runs (S3Proxy killed): /health says so, file URLs answer 503 with
 * Retry-After within seconds, items that need the store fail with storage_unavailable, what was stored before is
 * there again once the store is back, and the service recovers without a restart.
 */
class ObjectStoreOutageTest {
    /** Its own S3Proxy, killed here; closed after the app (an extension's) has stopped. */
    @AutoClose
    static final S3ProxyServer s3 = S3ProxyServer.startNew();
    @RegisterExtension
    static final TestApp app = TestApp.forClass(s3.env(s3.newBucket(), "outage"));
    @AutoClose
    static FileServer files;
    static long workflow;

    @BeforeAll
    static void start() {
        files = new FileServer().serve("/disc.png", Images.pngDisc());
        workflow = TestWorkflow.passThrough().create(app);
    }

    @Test
    void aStoppedStoreIsA503AndFailedItemsAndEverythingComesBackWithIt() {
        long before = Runs.create(app, workflow, List.of(files.url("/disc.png")));
        JsonNode done = Runs.awaitEnd(app, before, Duration.ofSeconds(60));
        String output = done.path("items").get(0).path("outputs").get(0).path("url").asText();
        byte[] stored = app.fetch(output).bytes();
        assertThat(app.get("/health").status()).isEqualTo(200);

        s3.stop();
        long asked = System.nanoTime();
        Reply health = app.get("/health");
        assertThat(health.status()).isEqualTo(503);
        assertThat(health.json().path("status").asText()).isEqualTo("unavailable");
        assertThat(health.json().path("reason").asText()).isEqualTo("storage");
        Reply file = app.fetch(output);
        assertThat(System.nanoTime() - asked).as("both answered within seconds").isLessThan(10_000_000_000L);
        assertThat(file.status()).isEqualTo(503);
        assertThat(file.json().path("error").path("code").asText()).isEqualTo("service_unavailable");
        assertThat(file.header("Retry-After")).isNotNull();
        assertThat(app.get("/workflows/runs/" + before).status()).as("what needs no file still answers").isEqualTo(200);

        long during = Runs.create(app, workflow, List.of(files.url("/disc.png")));
        JsonNode failed = Runs.awaitEnd(app, during, Duration.ofSeconds(90));
        JsonNode item = failed.path("items").get(0);
        assertThat(item.path("status").asText()).as(item.toString()).isEqualTo("failed");
        assertThat(item.path("error").path("code").asText()).isEqualTo("storage_unavailable");

        s3.start();
        Await.until("/health to be ok again", Duration.ofSeconds(30), () -> app.get("/health").status() == 200);
        assertThat(app.fetch(output).bytes()).as("stored before the outage, served after it").isEqualTo(stored);
        Reply retry = app.post("/workflows/runs/" + during + "/retry", "{}");
        assertThat(retry.status()).as(retry.toString()).isEqualTo(200);
        JsonNode again = Runs.awaitEnd(app, retry.json().path("id").asLong(), Duration.ofSeconds(60));
        assertThat(again.path("status").asText()).as("the failed item, run again: " + again).isEqualTo("completed");
    }
}
