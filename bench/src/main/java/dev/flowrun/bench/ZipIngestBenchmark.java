package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.awt.Color;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reading zip runs' archives of small PNGs: time from the create request to every item queued (the run's
 * totalItems is set in the transaction that queues them all) and the heap meanwhile, for several archive sizes:
 * memory should not grow with the number of entries. Each size is read twice: once timed, sampling the heap
 * used every 10 ms (garbage not yet collected included), once with a full GC before every 100 ms sample, which
 * shows what the ingestion actually keeps. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.ZipIngestBenchmark}.
 */
public final class ZipIngestBenchmark {
    private static final int[] SIZES = {200, 2_000, 10_000};
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private record Sample(long millis, long before, long peak) {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("| entries | archive | create → all queued | entries/s | heap used: peak (10 ms samples) |"
                + " live heap: before → peak (GC before each 100 ms sample) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|");
        try (FileServer files = new FileServer(); TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "2"))) {
            long workflowId = passThrough(app);
            files.serve("/warm.zip", archive(50));
            ingest(app, files.url("/warm.zip"), workflowId, 50, 10, false);
            for (int size : SIZES) {
                byte[] zip = archive(size);
                files.serve("/bench-" + size + ".zip", zip);
                Sample timed = ingest(app, files.url("/bench-" + size + ".zip"), workflowId, size, 10, false);
                Sample live = ingest(app, files.url("/bench-" + size + ".zip"), workflowId, size, 100, true);
                System.out.printf("| %,d | %s | %,d ms | %,.0f | %s | %s → %s |%n", size, mib(zip.length), timed.millis(),
                        size * 1000.0 / Math.max(1, timed.millis()), mib(timed.peak()), mib(live.before()), mib(live.peak()));
            }
        }
    }

    /** Creates the run, waits until its items are all queued, then cancels it so its items do not run. */
    private static Sample ingest(TestApp app, String url, long workflowId, int entries, long everyMillis, boolean gc)
            throws Exception {
        System.gc();
        long before = MEMORY.getHeapMemoryUsage().getUsed();
        AtomicLong peak = new AtomicLong(before);
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                if (gc) {
                    System.gc();
                }
                peak.accumulateAndGet(MEMORY.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(everyMillis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.start();
        long start = System.nanoTime();
        Reply created = app.post("/workflows/" + workflowId + "/runs", "{\"zipUrl\": \"" + url + "\"}");
        long runId = created.json().path("id").asLong();
        JsonNode run;
        do {
            // Every 5 ms: often enough for the time, rarely enough not to compete with the ingestion.
            Thread.sleep(5);
            run = app.get("/workflows/runs/" + runId + "?pageSize=1").json();
        } while (run.path("totalItems").asInt() == 0 && run.path("status").asText().equals("queued"));
        long millis = (System.nanoTime() - start) / 1_000_000;
        sampler.interrupt();
        sampler.join();
        app.post("/workflows/runs/" + runId + "/cancel", null);
        if (run.path("totalItems").asInt() != entries) {
            throw new IllegalStateException("run " + runId + " ended as " + run);
        }
        return new Sample(millis, before, peak.get());
    }

    private static byte[] archive(int entries) {
        Zips zip = Zips.builder();
        byte[] png = Images.encode(Images.disc(64, 64, Color.WHITE, new Color(200, 30, 30)), "png");
        for (int i = 0; i < entries; i++) {
            zip.add("folder-" + (i / 100) + "/product-" + i + ".png", png);
        }
        return zip.build();
    }

    private static long passThrough(TestApp app) {
        Reply reply = app.post("/workflows", """
                {"name": "Pass-through", "graph": {
                  "nodes": [{"id": "in", "type": "imageInput"}, {"id": "out", "type": "output"}],
                  "edges": [{"id": "e1", "source": "in", "target": "out"}]}}""");
        return reply.json().path("id").asLong();
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1024.0 / 1024.0);
    }
}
