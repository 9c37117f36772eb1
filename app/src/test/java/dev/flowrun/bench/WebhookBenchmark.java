package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.HttpsReceiver;
import dev.flowrun.support.Images;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Webhook delivery to a fast local HTTPS receiver: latency from a run's terminal status ({@code finishedAt})
 * to the receiver, and deliveries per second. Events are made by cancelling queued runs, so no image work
 * sits between them. Run on demand:
 * {@code mvn -q -pl app test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.WebhookBenchmark}
 */
public final class WebhookBenchmark {
    private static final int RUNS = Integer.getInteger("runs", 1000);

    public static void main(String[] args) throws Exception {
        HttpsReceiver receiver = new HttpsReceiver();
        receiver.trustForNewClients();
        FileServer files = new FileServer().serve("/red.png", Images.pngDisc());
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1"))) {
            long workflowId = templateId(app);
            // One held item keeps the only worker busy, so every later run stays queued until cancelled.
            create(app, workflowId, files.heldUrl("/red.png"), null);
            Await.until("the worker to be busy", Duration.ofSeconds(10), () -> files.heldRequests() == 1);
            List<Long> runIds = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                runIds.add(create(app, workflowId, files.url("/red.png"), receiver.url("/hooks/bench")));
            }
            long start = System.currentTimeMillis();
            List<Future<?>> cancels = new ArrayList<>();
            for (long runId : runIds) {
                cancels.add(callers.submit(() -> app.post("/workflows/runs/" + runId + "/cancel", null)));
            }
            for (Future<?> cancel : cancels) {
                cancel.get();
            }
            long cancelled = System.currentTimeMillis();
            Await.until("all deliveries", Duration.ofMinutes(5), () -> receiver.firstArrivalByRunId().size() == RUNS);
            long delivered = System.currentTimeMillis();

            Map<String, Long> arrivals = receiver.firstArrivalByRunId();
            List<Long> latencies = new ArrayList<>();
            for (long runId : runIds) {
                JsonNode run = app.get("/workflows/runs/" + runId + "?pageSize=1").json();
                long finished = Instant.parse(run.path("finishedAt").asText()).toEpochMilli();
                latencies.add(arrivals.get(Long.toString(runId)) - finished);
            }
            Collections.sort(latencies);
            System.out.println();
            System.out.println("| webhook delivery (" + RUNS + " runs, local HTTPS receiver) | value |");
            System.out.println("|---|---|");
            System.out.printf("| latency terminal → receiver, p50 | %d ms |%n", percentile(latencies, 50));
            System.out.printf("| latency terminal → receiver, p99 | %d ms |%n", percentile(latencies, 99));
            System.out.printf("| latency terminal → receiver, max | %d ms |%n", latencies.get(latencies.size() - 1));
            System.out.printf("| cancels per second (8 callers, event producer) | %.0f /s |%n",
                    RUNS * 1000.0 / Math.max(1, cancelled - start));
            System.out.printf("| deliveries per second (first cancel → last delivery) | %.0f /s |%n",
                    RUNS * 1000.0 / Math.max(1, delivered - start));
            files.release();
        } finally {
            callers.shutdownNow();
            files.close();
            receiver.close();
        }
    }

    private static long create(TestApp app, long workflowId, String url, String webhookUrl) {
        String body = "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + url + "\"}]}}"
                + (webhookUrl == null ? "" : ", \"webhookUrl\": \"" + webhookUrl + "\"") + "}";
        return app.post("/workflows/" + workflowId + "/runs", body).json().path("id").asLong();
    }

    private static long templateId(TestApp app) {
        for (JsonNode workflow : app.get("/workflows").json()) {
            if (workflow.path("name").asText().equals("Remove background")) {
                return workflow.path("id").asLong();
            }
        }
        throw new IllegalStateException("no template");
    }

    private static long percentile(List<Long> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
