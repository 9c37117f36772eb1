package dev.flowrun.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HttpsReceiver;
import dev.flowrun.support.Images;
import dev.flowrun.support.PrometheusText;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** /metrics, scraped and parsed as Prometheus reads it, tells what the service did. */
class MetricsTest {
    @AutoClose
    static final HttpsReceiver receiver = HttpsReceiver.trusted();
    @AutoClose
    static final FileServer files = new FileServer().serve("/red.png", Images.pngDisc())
            .serve("/blue.jpg", Images.jpegDisc()).serve("/broken.png", new byte[] {1, 2, 3});

    @Test
    void aRunIsCountedItemsAndNodesTimedTheWebhookAndTheRequestsToo() {
        try (TestApp app = TestApp.start()) {
            long workflow = Runs.template(app, "Remove background");
            long run = app.post("/workflows/" + workflow + "/runs", """
                    {"inputs": {"imageInput": {"files": [{"url": "%s"}, {"url": "%s"}, {"url": "%s"}]}}, "webhookUrl": "%s"}"""
                    .formatted(files.url("/red.png"), files.url("/blue.jpg"), files.url("/broken.png"),
                            receiver.url("/hooks/metrics"))).json().path("id").asLong();
            awaitStatus(app, run, "partial");
            app.get("/workflows/runs/" + run + "?page=1");

            PrometheusText scrape = scrapeUntil(app, "the webhook attempt",
                    s -> s.value("flowrun_webhook_attempts_total", "result", "delivered") == 1);
            assertThat(scrape.value("flowrun_runs_created_total")).isEqualTo(1);
            assertThat(scrape.value("flowrun_runs_finished_total", "status", "partial")).isEqualTo(1);
            assertThat(scrape.value("flowrun_runs_finished_total", "status", "completed")).isZero();
            assertThat(scrape.value("flowrun_items_finished_total", "status", "completed")).isEqualTo(2);
            assertThat(scrape.value("flowrun_items_finished_total", "status", "failed")).isEqualTo(1);
            assertThat(scrape.value("flowrun_items_finished_total", "status", "cancelled")).isZero();
            assertThat(scrape.type("flowrun_item_seconds")).isEqualTo("histogram");
            assertThat(scrape.value("flowrun_item_seconds_count")).isEqualTo(3);
            assertThat(scrape.value("flowrun_item_seconds_bucket", "le", "+Inf")).isEqualTo(3);
            assertThat(scrape.value("flowrun_item_seconds_sum")).isPositive();
            assertThat(scrape.type("flowrun_node_seconds")).isEqualTo("histogram");
            // The broken file fails at its input node: the nodes after it never run.
            assertThat(scrape.value("flowrun_node_seconds_count", "type", "imageInput")).isEqualTo(3);
            assertThat(scrape.value("flowrun_node_seconds_count", "type", "removeBackground")).isEqualTo(2);
            assertThat(scrape.value("flowrun_node_seconds_count", "type", "output")).isEqualTo(2);
            assertThat(scrape.value("flowrun_node_seconds_count", "type", "resize")).isZero();
            assertThat(scrape.value("flowrun_webhook_attempts_total", "result", "failed")).isZero();
            assertThat(scrape.value("flowrun_queue_items")).isZero();
            assertThat(scrape.type("http_server_requests_seconds")).isEqualTo("histogram");
            assertThat(scrape.value("http_server_requests_seconds_count", "method", "POST", "route", "/workflows/{id}/runs",
                    "status", "200")).isEqualTo(1);
            assertThat(scrape.value("http_server_requests_seconds_count", "method", "GET", "route",
                    "/workflows/runs/{runId}", "status", "200")).isGreaterThanOrEqualTo(2);
            assertThat(scrape.samples()).as("routes are templates, never paths with ids")
                    .noneMatch(s -> s.labels().getOrDefault("route", "").contains("/" + run));
            assertThat(scrape.find("jvm_memory_used_bytes")).isNotEmpty();
            assertThat(scrape.find("jvm_gc_pause_seconds_count").size() + scrape.find("jvm_gc_memory_allocated_bytes_total").size())
                    .isPositive();
            assertThat(scrape.find("jvm_threads_live_threads")).isNotEmpty();
            assertThat(scrape.find("process_uptime_seconds")).isNotEmpty();
            assertThat(scrape.find("system_cpu_count")).isNotEmpty();
        }
    }

    @Test
    void waitingItemsAreAGaugeAndACancelledRunCountsAllItsItems() {
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1"))) {
            files.hold();
            long workflow = Runs.template(app, "Remove background");
            long run = app.post("/workflows/" + workflow + "/runs", """
                    {"inputs": {"imageInput": {"files": [{"url": "%s"}, {"url": "%s"}, {"url": "%s"}]}}}"""
                    .formatted(files.heldUrl("/red.png"), files.heldUrl("/red.png"), files.heldUrl("/red.png")))
                    .json().path("id").asLong();
            // One item held at its download by the one worker, two waiting behind it.
            scrapeUntil(app, "two items waiting", s -> s.value("flowrun_queue_items") == 2);
            // A paused run's queued items wait for a resume, not a worker: they are counted apart.
            assertThat(app.post("/workflows/runs/" + run + "/pause", null).json().path("ok").asBoolean()).isTrue();
            PrometheusText paused = scrapeUntil(app, "two items held", s -> s.value("flowrun_held_items") == 2);
            assertThat(paused.value("flowrun_queue_items")).isZero();
            assertThat(app.post("/workflows/runs/" + run + "/resume", null).json().path("ok").asBoolean()).isTrue();
            PrometheusText resumed = scrapeUntil(app, "two items waiting again", s -> s.value("flowrun_queue_items") == 2);
            assertThat(resumed.value("flowrun_held_items")).isZero();
            assertThat(app.post("/workflows/runs/" + run + "/cancel", null).json().path("ok").asBoolean()).isTrue();
            PrometheusText afterCancel = scrapeUntil(app, "the queue emptied", s -> s.value("flowrun_queue_items") == 0);
            assertThat(afterCancel.value("flowrun_runs_finished_total", "status", "cancelled")).isEqualTo(1);
            files.release();
            // Both families: one scrape reads them one after the other, and the item may end in between.
            PrometheusText scrape = scrapeUntil(app, "the running item discarded",
                    s -> s.value("flowrun_items_finished_total", "status", "cancelled") == 3
                            && s.value("flowrun_item_seconds_count") >= 1);
            assertThat(scrape.value("flowrun_items_finished_total", "status", "completed")).isZero();
            assertThat(scrape.value("flowrun_item_seconds_count")).as("only the item a worker ran is timed").isEqualTo(1);
        } finally {
            files.release();
        }
    }

    @Test
    void metricsNeedNoCredentialAndArePrometheusText() {
        try (TestApp app = TestApp.start()) {
            Reply reply = app.get("/metrics", null);
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.header("Content-Type")).startsWith("text/plain").contains("version=0.0.4");
            PrometheusText scrape = new PrometheusText(new String(reply.bytes(), StandardCharsets.UTF_8));
            assertThat(scrape.value("flowrun_runs_created_total")).isZero();
            assertThat(scrape.type("flowrun_runs_created_total")).isEqualTo("counter");
            assertThat(scrape.find("flowrun_runs_total")).isEmpty();
            assertThat(scrape.type("flowrun_queue_items")).isEqualTo("gauge");
        }
    }

    private static PrometheusText scrapeUntil(TestApp app, String what, Predicate<PrometheusText> done) {
        return Await.until(what, Duration.ofSeconds(30),
                () -> new PrometheusText(new String(app.get("/metrics", null).bytes(), StandardCharsets.UTF_8)), done);
    }

    private static void awaitStatus(TestApp app, long run, String status) {
        JsonNode last = Runs.awaitEnd(app, run, Duration.ofSeconds(60));
        assertThat(last.path("status").asText()).as(last.toString()).isEqualTo(status);
    }
}
