package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Issue 7, item 3: items per second of "Product shot" over 200 local 1600×1200 JPEGs, through the service (files
 * fetched from a loopback HTTP server) against the same pipeline called in-process on the same files, in turns.
 */
final class ThroughputPhase {
    static final int IMAGES = 200;
    static final int WARMUP_IMAGES = 20;
    static final int ROUNDS = 2;

    private ThroughputPhase() {
    }

    private static String name(List<Path> shots, int i) {
        return shots.get(i).getFileName().toString();
    }

    /** Items per second and CPU seconds per item, one side's better round. */
    private record Rate(double itemsPerSecond, double cpuPerItem) {
        Rate better(Rate other) {
            return other == null || itemsPerSecond >= other.itemsPerSecond ? this : other;
        }
    }

    static void run(BenchContext bench) throws Exception {
        Path folder = bench.workDir().resolve("shots");
        List<Path> shots = ShotImages.ensure(folder, IMAGES, 1600, 1200);
        BenchContext.log("%d shots, %.0f KB on average", IMAGES, ShotImages.totalBytes(shots) / 1024.0 / IMAGES);
        int workers = Runtime.getRuntime().availableProcessors();
        // The two sides take turns, twice, and each keeps its better round: load that comes and goes on the
        // machine then weighs on both, instead of on whichever happened to run during it.
        Rate inProcess = null;
        Rate service = null;
        for (int round = 0; round < ROUNDS; round++) {
            inProcess = inProcess(folder, workers).better(inProcess);
            service = service(bench, folder, shots).better(service);
        }
        double ratio = service.itemsPerSecond() / inProcess.itemsPerSecond();
        bench.table().add("Throughput", "Product shot, " + IMAGES + " × 1600×1200 JPEG, " + workers + " workers",
                String.format("service %.2f items/s, in-process %.2f items/s: %s; CPU per item %.0f ms vs %.0f ms",
                        service.itemsPerSecond(), inProcess.itemsPerSecond(), ResultTable.ratio(ratio),
                        service.cpuPerItem() * 1000, inProcess.cpuPerItem() * 1000),
                "≥ 0.8×", ratio >= 0.8);
    }

    /** In a JVM of its own, started like the server's, not in this one, whose heap has grown meanwhile. */
    private static Rate inProcess(Path folder, int workers) throws Exception {
        Process child = new ProcessBuilder("java", "-cp", System.getProperty("java.class.path"),
                InProcessPipeline.class.getName(), "Product shot", folder.toString(), Integer.toString(WARMUP_IMAGES),
                Integer.toString(workers)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String[] measured = new String(child.getInputStream().readAllBytes()).trim().split(" ");
        if (child.waitFor() != 0 || measured.length != 2) {
            throw new IllegalStateException("the in-process pipeline failed: " + String.join(" ", measured));
        }
        Rate rate = new Rate(Double.parseDouble(measured[0]), Double.parseDouble(measured[1]));
        BenchContext.log("in-process: %.2f items/s", rate.itemsPerSecond());
        return rate;
    }

    private static Rate service(BenchContext bench, Path folder, List<Path> shots) throws Exception {
        try (StaticFileServer files = new StaticFileServer(folder);
             ServerProcess server = bench.startServer(bench.freshDataDir("throughput"), Map.of())) {
            ApiClient api = new ApiClient(server.baseUrl());
            long workflow = api.workflowNamed("Product shot");
            long warmup = api.createRun(workflow, WARMUP_IMAGES, i -> files.url(name(shots, i)), i -> "w/" + name(shots, i));
            api.awaitTerminal(warmup, Duration.ofMinutes(5));
            double serverCpuBefore = ProcessCpu.seconds(server.pid());
            long runId = api.createRun(workflow, IMAGES, i -> files.url(name(shots, i)), i -> name(shots, i));
            JsonNode run = api.awaitTerminal(runId, Duration.ofMinutes(10));
            if (!run.path("status").asText().equals("completed")) {
                throw new IllegalStateException("the throughput run did not complete: " + run);
            }
            Rate rate = new Rate(IMAGES / (ApiClient.createdToFinished(run).toMillis() / 1000.0),
                    (ProcessCpu.seconds(server.pid()) - serverCpuBefore) / IMAGES);
            BenchContext.log("service: %.2f items/s", rate.itemsPerSecond());
            return rate;
        }
    }
}
