package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.RawHttpsReceiver;
import dev.flowrun.support.TestApp;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Webhook delivery to a fast local HTTPS receiver: latency from a run's terminal status ({@code finishedAt})
 * to the receiver, deliveries per second, the attempts and TLS connections they took, and the CPU the whole
 * process (service and receiver alike) spent from the first cancel to the last delivery. Events are made by
 * cancelling queued runs, so no image work sits between them. Run on demand:
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.WebhookBenchmark}
 * with {@code -Druns=200} and {@code -Dreceiver=closing} for a receiver that closes after every response
 * (default {@code keepalive}: it keeps connections open for 60 s).
 */
public final class WebhookBenchmark {
    private static final int RUNS = Integer.getInteger("runs", 1000);
    private static final boolean CLOSING = System.getProperty("receiver", "keepalive").equals("closing");

    public static void main(String[] args) throws Exception {
        RawHttpsReceiver receiver = new RawHttpsReceiver(Duration.ofSeconds(60),
                (path, n) -> CLOSING ? RawHttpsReceiver.Response.http10(200) : RawHttpsReceiver.Response.status(200));
        RawHttpsReceiver.trustForNewClients();
        var cpu = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        FileServer files = new FileServer().serve("/red.png", Images.pngDisc());
        ExecutorService callers = Executors.newFixedThreadPool(8);
        // Retries 200 ms apart, so that an attempt wasted on a dead connection shows in the figures at once.
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1",
                "FLOWRUN_WEBHOOK_RETRY_DELAYS", "200ms,200ms,200ms,200ms,200ms"))) {
            long workflowId = templateId(app);
            // One held item keeps the only worker busy, so every later run stays queued until cancelled.
            create(app, workflowId, files.heldUrl("/red.png"), null);
            Await.until("the worker to be busy", Duration.ofSeconds(10), () -> files.heldRequests() == 1);
            List<Long> runIds = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                runIds.add(create(app, workflowId, files.url("/red.png"), receiver.url("/hooks/bench")));
            }
            long start = System.currentTimeMillis();
            long cpuStart = cpu.getProcessCpuTime();
            List<Future<?>> cancels = new ArrayList<>();
            for (long runId : runIds) {
                cancels.add(callers.submit(() -> app.post("/workflows/runs/" + runId + "/cancel", null)));
            }
            for (Future<?> cancel : cancels) {
                cancel.get();
            }
            long cancelled = System.currentTimeMillis();
            Set<Long> lost = new HashSet<>();
            long[] lastAsked = {System.currentTimeMillis()};
            Await.until("every run delivered or given up", Duration.ofMinutes(5), () -> {
                Map<String, Long> seen = receiver.firstArrivalByRunId();
                // The API is asked about runs the receiver has not seen once a second, not to load the service.
                if (seen.size() + lost.size() < RUNS && System.currentTimeMillis() - lastAsked[0] > 1000) {
                    lastAsked[0] = System.currentTimeMillis();
                    for (long runId : runIds) {
                        if (!seen.containsKey(Long.toString(runId)) && app.get("/workflows/runs/" + runId + "/webhook")
                                .json().path("status").asText().equals("failed")) {
                            lost.add(runId);
                        }
                    }
                }
                return seen.size() + lost.size() == RUNS;
            });
            long delivered = System.currentTimeMillis();
            long cpuMs = (cpu.getProcessCpuTime() - cpuStart) / 1_000_000;

            Map<String, Long> arrivals = receiver.firstArrivalByRunId();
            List<Long> latencies = new ArrayList<>();
            int attempts = 0;
            int requests = 0;
            for (long runId : runIds) {
                JsonNode run = app.get("/workflows/runs/" + runId + "?pageSize=1").json();
                long finished = Instant.parse(run.path("finishedAt").asText()).toEpochMilli();
                if (!lost.contains(runId)) {
                    latencies.add(arrivals.get(Long.toString(runId)) - finished);
                }
                attempts += app.get("/workflows/runs/" + runId + "/webhook").json().path("attempts").size();
                requests += receiver.requestsFor(runId);
            }
            Collections.sort(latencies);
            System.out.println();
            System.out.println("| webhook delivery (" + RUNS + " runs, local HTTPS receiver, "
                    + (CLOSING ? "closing after each response" : "keep-alive") + ") | value |");
            System.out.println("|---|---|");
            System.out.printf("| latency terminal → receiver, p50 | %d ms |%n", percentile(latencies, 50));
            System.out.printf("| latency terminal → receiver, p99 | %d ms |%n", percentile(latencies, 99));
            System.out.printf("| latency terminal → receiver, max | %d ms |%n", latencies.get(latencies.size() - 1));
            System.out.printf("| cancels per second (8 callers, event producer) | %.0f /s |%n",
                    RUNS * 1000.0 / Math.max(1, cancelled - start));
            System.out.printf("| events settled per second (first cancel → last delivered or given up) | %.0f /s |%n",
                    RUNS * 1000.0 / Math.max(1, delivered - start));
            System.out.printf("| runs whose event was never delivered (six attempts used) | %d |%n", lost.size());
            System.out.printf("| attempts recorded | %d |%n", attempts);
            System.out.printf("| requests the receiver saw | %d |%n", requests);
            System.out.printf("| TLS connections the receiver accepted | %d |%n", receiver.connectionsAccepted());
            System.out.printf("| process CPU, first cancel → last delivery (service and receiver) | %d ms |%n", cpuMs);
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
