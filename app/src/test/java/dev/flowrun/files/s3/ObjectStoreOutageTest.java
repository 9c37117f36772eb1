package dev.flowrun.files.s3;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;

/**
 * The object store stops while the service runs (S3Proxy killed): /health says so, file URLs answer 503 with
 * Retry-After within seconds, items that need the store wait (given back, not failed) and complete once it is back,
 * what was stored before is there again, and the service recovers without a restart. Only a store away for longer
 * than FLOWRUN_STORAGE_OUTAGE_LIMIT fails items with storage_unavailable.
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
    void aStoppedStoreIsA503ItemsWaitForItAndEverythingComesBackWithIt() {
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

        Logger logger = (Logger) LoggerFactory.getLogger("dev.flowrun");
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        logger.addAppender(log);
        try {
            long during = Runs.create(app, workflow, List.of(files.url("/disc.png"), files.url("/disc.png")));
            Await.until("an item to meet the store away and be given back", Duration.ofSeconds(90),
                    () -> said(log, "runs again from its start"));
            JsonNode waiting = Runs.get(app, during);
            assertThat(waiting.path("status").asText()).as(waiting.toString()).isIn("queued", "running");
            assertThat(waiting.path("failedItems").asInt()).isZero();

            s3.start();
            Await.until("/health to be ok again", Duration.ofSeconds(30), () -> app.get("/health").status() == 200);
            assertThat(app.fetch(output).bytes()).as("stored before the outage, served after it").isEqualTo(stored);
            JsonNode after = Runs.awaitEnd(app, during, Duration.ofSeconds(90));
            assertThat(after.path("status").asText()).as("the items that waited: " + after).isEqualTo("completed");
        } finally {
            logger.detachAppender(log);
        }
        assertThat(log.list.stream().filter(e -> e.getFormattedMessage().startsWith("the file store cannot be reached")))
                .as("the outage told once").hasSize(1);
        assertThat(said(log, "the file store answers again")).isTrue();
    }

    @Test
    void aStoreAwayLongerThanTheLimitFailsTheItemsThatNeedIt() {
        Map<String, String> env = new HashMap<>(s3.env(s3.newBucket(), "limit"));
        env.put("FLOWRUN_STORAGE_OUTAGE_LIMIT", "3s");
        try (TestApp limited = TestApp.start(env)) {
            long workflowThere = TestWorkflow.passThrough().create(limited);
            s3.stop();
            long started = System.nanoTime();
            long runId = Runs.create(limited, workflowThere, List.of(files.url("/disc.png")));
            JsonNode failed = Runs.awaitEnd(limited, runId, Duration.ofSeconds(120));
            JsonNode item = failed.path("items").get(0);
            assertThat(item.path("status").asText()).as(item.toString()).isEqualTo("failed");
            assertThat(item.path("error").path("code").asText()).isEqualTo("storage_unavailable");
            assertThat(System.nanoTime() - started).as("not before the limit").isGreaterThan(3_000_000_000L);
        } finally {
            s3.start();
        }
    }

    private static boolean said(ListAppender<ILoggingEvent> log, String text) {
        return List.copyOf(log.list).stream().anyMatch(e -> e.getFormattedMessage().contains(text));
    }
}
