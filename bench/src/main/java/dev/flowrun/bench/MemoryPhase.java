package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Peak resident set and heap of the server while a run of 1,000 and of 10,000 items executes,
 * and while its output archive is built; each size on a fresh server. Items are a tiny PNG through
 * {@code imageInput → output}, so what grows, if anything, is the service's own per-item cost.
 */
final class MemoryPhase {
    private MemoryPhase() {
    }

    record Sample(MemorySampler.Peak executing, MemorySampler.Peak archiving, double liveHeapMb, double seconds) {
    }

    static void run(BenchContext bench) throws Exception {
        Sample small = measure(bench, 1_000);
        Sample big = measure(bench, 10_000);
        ResultTable table = bench.table();
        table.add("Memory", "executing 1,000 → 10,000 items: peak RSS, heap used, old gen",
                peaks(small.executing(), big.executing()), "flat", flat(small.executing(), big.executing()));
        table.add("Memory", "building and sending its archive, 1,000 → 10,000 outputs: peak RSS, heap used, old gen",
                peaks(small.archiving(), big.archiving()), "flat", flat(small.archiving(), big.archiving()));
        table.add("Memory", "heap in use after the run and a full GC, 1,000 → 10,000 items",
                String.format("%.0f MB → %.0f MB", small.liveHeapMb(), big.liveHeapMb()), "", null);
    }

    /** Flat: ten times the items may not take more than 25% more memory (noise allowed for). */
    private static boolean flat(MemorySampler.Peak small, MemorySampler.Peak big) {
        return big.rssMb() <= small.rssMb() * 1.25 && big.heapMb() <= small.heapMb() * 1.25
                && big.oldMb() <= Math.max(small.oldMb() * 1.25, small.oldMb() + 16);
    }

    private static String peaks(MemorySampler.Peak small, MemorySampler.Peak big) {
        return String.format("RSS %.0f → %.0f MB (%s), heap %.0f → %.0f MB (%s), old gen %.0f → %.0f MB",
                small.rssMb(), big.rssMb(), ResultTable.ratio(big.rssMb() / small.rssMb()), small.heapMb(),
                big.heapMb(), ResultTable.ratio(big.heapMb() / small.heapMb()), small.oldMb(), big.oldMb());
    }

    private static Sample measure(BenchContext bench, int items) throws Exception {
        Path tiny = ShotImages.tinyPng(bench.workDir().resolve("inputs"));
        Path dataDir = bench.freshDataDir("memory-" + items);
        try (StaticFileServer files = new StaticFileServer(tiny.getParent());
             ServerProcess server = bench.startServer(dataDir, Map.of());
             MemorySampler memory = new MemorySampler(server.pid())) {
            ApiClient api = new ApiClient(server.baseUrl());
            long workflow = api.passThroughWorkflow();
            // Warm-up so both sizes start from a server that has run and archived something.
            long warmup = api.createRun(workflow, 200, i -> files.url("tiny.png"), i -> "warm/" + i + ".png");
            api.awaitTerminal(warmup, Duration.ofMinutes(2));
            awaitArchive(dataDir, warmup);

            memory.reset();
            long runId = api.createRun(workflow, items, i -> files.url("tiny.png"), i -> "in/" + i + ".png");
            JsonNode run = api.awaitTerminal(runId, Duration.ofMinutes(5));
            MemorySampler.Peak executing = memory.peak();
            // The archive was built in the background as the run ended; build it again on its own, from a collected
            // heap, by asking for it once it is gone (the service builds a missing archive on demand).
            awaitArchive(dataDir, runId);
            double live = memory.liveHeapMb();
            Files.delete(archive(dataDir, runId));
            memory.reset();
            long bytes = api.download(run.path("outputArchiveUrl").asText());
            MemorySampler.Peak archiving = memory.peak();
            double seconds = ApiClient.createdToFinished(run).toMillis() / 1000.0;
            BenchContext.log("%,d items in %.1f s: executing %s, archiving (%,d bytes) %s, live heap %.0f MB", items,
                    seconds, executing, bytes, archiving, live);
            return new Sample(executing, archiving, live, seconds);
        } finally {
            ShotImages.deleteTree(dataDir);
        }
    }

    private static Path archive(Path dataDir, long runId) {
        return dataDir.resolve("files/runs/" + runId + "/outputs.zip");
    }

    /** The archive is built in the background once the run is terminal; it appears atomically when complete. */
    private static void awaitArchive(Path dataDir, long runId) throws InterruptedException {
        Path archive = archive(dataDir, runId);
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!Files.exists(archive)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no archive for run " + runId + " at " + archive);
            }
            Thread.sleep(20);
        }
    }
}
