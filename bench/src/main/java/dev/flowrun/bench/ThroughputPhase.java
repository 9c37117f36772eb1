package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Items per second of "Product shot" over 200 local 1600×1200 JPEGs, through the service (files
 * fetched from a loopback HTTP server) against the same pipeline called in-process on the same files, in turns.
 * Both sides are measured in their steady state ({@link SteadyState}); with -Dbench.minWarmupPasses they are warmed
 * in turns, the bare pipeline in one JVM kept for the whole phase ({@link InProcessTurns}). The service's first
 * warm-up pass, right after its start, is reported beside it.
 */
final class ThroughputPhase {
    static final int IMAGES = 200;
    /** -Dbench.throughputRounds=N: more pairs for a tighter median when the machine's speed drifts a lot. */
    static final int ROUNDS = Integer.getInteger("bench.throughputRounds", 5);

    private ThroughputPhase() {
    }

    private static String name(List<Path> shots, int i) {
        return shots.get(i).getFileName().toString();
    }

    /**
     * Items per second, CPU seconds per item and the JIT compilers' share of that CPU, one side's best round; for
     * the service also the CPU per item of this process (file server and client), which shares the cores with it.
     */
    private record Rate(double itemsPerSecond, double cpuPerItem, double compilerShare, double besideCpuPerItem) {
        Rate better(Rate other) {
            return other == null || itemsPerSecond >= other.itemsPerSecond ? this : other;
        }
    }

    static void run(BenchContext bench) throws Exception {
        Path folder = bench.workDir().resolve("shots");
        List<Path> shots = ShotImages.ensure(folder, IMAGES, 1600, 1200);
        BenchContext.log("%d shots, %.0f KB on average", IMAGES, ShotImages.totalBytes(shots) / 1024.0 / IMAGES);
        int workers = Runtime.getRuntime().availableProcessors();
        try (StaticFileServer files = new StaticFileServer(folder);
             ServerProcess server = bench.startServer(bench.freshDataDir("throughput"), Map.of());
             InProcessTurns bare = SteadyState.MIN_PASSES > 0
                     ? InProcessTurns.start("Product shot", folder, workers) : null) {
            ApiClient api = new ApiClient(server.baseUrl());
            long workflow = api.workflowNamed("Product shot");
            SteadyState.Pass servicePass = pass -> {
                int from = pass * SteadyState.PASS;
                long run = api.createRun(workflow, SteadyState.PASS, i -> files.url(name(shots, (from + i) % IMAGES)),
                        i -> "warm-" + pass + "/" + name(shots, (from + i) % IMAGES));
                api.awaitTerminal(run, Duration.ofMinutes(5));
            };
            SteadyState.Warmup serviceWarmup;
            String inProcessWarmup = "";
            if (bare != null) {
                List<SteadyState.Warmup> warmups = SteadyState.warmInTurns(List.of(
                        new SteadyState.Side("in-process", List.of(bare.pid()), bare::warmPass),
                        new SteadyState.Side("service", List.of(server.pid()), servicePass)));
                inProcessWarmup = warmups.get(0).describe();
                serviceWarmup = warmups.get(1);
            } else {
                serviceWarmup = SteadyState.warm(server.pid(), servicePass);
            }
            BenchContext.log("service warmed: %s", serviceWarmup.describe());
            // The two sides take turns, and each keeps its best round: load that comes and goes on the machine then
            // weighs on both, instead of on whichever happened to run during it. The server stays up (and idle) while
            // the in-process side runs. Each round's pair, taken within a minute, is also compared on its own: the
            // machine's speed drifts (the same side has moved by a third between rounds), which the best of each
            // side does not cancel and the median of the pairs does.
            Rate inProcess = null;
            Rate service = null;
            List<Double> pairRatios = new ArrayList<>();
            List<Double> pairCpuGaps = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                Rate inProcessRound;
                if (bare != null) {
                    InProcessTurns.Measured measured = bare.measure();
                    inProcessRound = new Rate(measured.itemsPerSecond(), measured.cpuPerItem(),
                            measured.compilerShare(), 0);
                    logInProcess(inProcessRound, measured.threads());
                } else {
                    String[] measured = inProcess(folder, workers);
                    inProcessRound = new Rate(Double.parseDouble(measured[0]), Double.parseDouble(measured[1]),
                            Double.parseDouble(measured[2]), 0);
                    inProcessWarmup = new SteadyState.Warmup(Integer.parseInt(measured[3]),
                            Double.parseDouble(measured[4]), Double.parseDouble(measured[5])).describe();
                }
                inProcess = inProcessRound.better(inProcess);
                Rate serviceRound = service(api, server, workflow, files, shots, round);
                service = serviceRound.better(service);
                pairRatios.add(serviceRound.itemsPerSecond() / inProcessRound.itemsPerSecond());
                pairCpuGaps.add((serviceRound.cpuPerItem() - inProcessRound.cpuPerItem()) * 1000);
            }
            double ratio = service.itemsPerSecond() / inProcess.itemsPerSecond();
            bench.table().add("Throughput", "Product shot, " + IMAGES + " × 1600×1200 JPEG, " + workers
                            + " workers, steady state, best round of each side"
                            + (bare == null ? "" : " (warmed in turns, " + SteadyState.MIN_PASSES
                            + " passes at least; the bare pipeline in one JVM)"),
                    String.format("service %.2f items/s, in-process %.2f items/s: %s; CPU per item %.0f ms vs %.0f ms"
                                    + " (JIT %.0f%% vs %.0f%% of it), file server and client beside the service %.0f ms",
                            service.itemsPerSecond(), inProcess.itemsPerSecond(), ResultTable.ratio(ratio),
                            service.cpuPerItem() * 1000, inProcess.cpuPerItem() * 1000,
                            service.compilerShare() * 100, inProcess.compilerShare() * 100,
                            service.besideCpuPerItem() * 1000),
                    "≥ 0.9×, CPU per item within 5 ms",
                    ratio >= 0.9 && service.cpuPerItem() - inProcess.cpuPerItem() <= 0.005);
            bench.table().add("Throughput", "the same, round by round (service ÷ in-process, each pair in turn)",
                    String.format("%s: median %s; CPU per item, service − in-process: %s ms, median %+.0f ms",
                            pairRatios.stream().map(ResultTable::ratio).collect(Collectors.joining(", ")),
                            ResultTable.ratio(median(pairRatios)),
                            pairCpuGaps.stream().map(gap -> String.format("%+.0f", gap))
                                    .collect(Collectors.joining(", ")), median(pairCpuGaps)), "", null);
            bench.table().add("Throughput", "the same, warming up",
                    String.format("service: %s; in-process: %s", serviceWarmup.describe(), inProcessWarmup), "", null);
        }
    }

    /**
     * In a JVM of its own per round, started like the server's, not in this one, whose heap has grown meanwhile (the
     * default; -Dbench.minWarmupPasses keeps one JVM for the phase instead).
     */
    private static String[] inProcess(Path folder, int workers) throws Exception {
        // The same warm-up rule as the service's, when tried otherwise (-Dbench.quietJitShare, quietPasses,
        // maxWarmupPasses).
        ProcessBuilder builder = new ProcessBuilder("java", "-Dbench.quietJitShare=" + SteadyState.QUIET_SHARE,
                "-Dbench.quietPasses=" + SteadyState.QUIET_PASSES, "-Dbench.maxWarmupPasses=" + SteadyState.MAX_PASSES,
                "-cp", System.getProperty("java.class.path"),
                InProcessPipeline.class.getName(), "Product shot", folder.toString(), Integer.toString(workers))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        ServerProcess.useTriedJavaOptions(builder.environment());
        Process child = builder.start();
        // Its last two lines: JVM options tried (JFR, say) may print their own before them.
        String[] lines = new String(child.getInputStream().readAllBytes()).trim().split("\n");
        String[] measured = lines[Math.max(0, lines.length - 2)].split(" ");
        if (child.waitFor() != 0 || measured.length != 6 || lines.length < 2) {
            throw new IllegalStateException("the in-process pipeline failed: " + String.join("\n", lines));
        }
        logInProcess(new Rate(Double.parseDouble(measured[0]), Double.parseDouble(measured[1]), 0, 0),
                lines[lines.length - 1]);
        return measured;
    }

    private static void logInProcess(Rate rate, String threads) {
        BenchContext.log("in-process: %.2f items/s, CPU per item %.1f ms (all threads but its workers: %s)",
                rate.itemsPerSecond(), rate.cpuPerItem() * 1000, threads);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    private static Rate service(ApiClient api, ServerProcess server, long workflow, StaticFileServer files,
                                List<Path> shots, int round) throws Exception {
        long self = ProcessHandle.current().pid();
        double besideBefore = ProcessCpu.seconds(self);
        double cpuBefore = ProcessCpu.seconds(server.pid());
        double compilersBefore = ProcessCpu.compilerSeconds(server.pid());
        var threadsBefore = ProcessCpu.threads(server.pid());
        double systemBefore = ProcessCpu.systemSeconds(server.pid());
        long runId = api.createRun(workflow, IMAGES, i -> files.url(name(shots, i)), i -> round + "/" + name(shots, i));
        JsonNode run = api.awaitTerminal(runId, Duration.ofMinutes(10));
        if (!run.path("status").asText().equals("completed")) {
            throw new IllegalStateException("the throughput run did not complete: " + run);
        }
        double cpu = ProcessCpu.seconds(server.pid()) - cpuBefore;
        Rate rate = new Rate(IMAGES / (ApiClient.createdToFinished(run).toMillis() / 1000.0), cpu / IMAGES,
                (ProcessCpu.compilerSeconds(server.pid()) - compilersBefore) / cpu,
                (ProcessCpu.seconds(self) - besideBefore) / IMAGES);
        BenchContext.log("service: %.2f items/s, CPU per item %.1f ms: %s; in the kernel %.1f", rate.itemsPerSecond(),
                rate.cpuPerItem() * 1000,
                ProcessCpu.msPerItemByThreadKind(threadsBefore, ProcessCpu.threads(server.pid()), IMAGES),
                (ProcessCpu.systemSeconds(server.pid()) - systemBefore) * 1000 / IMAGES);
        return rate;
    }
}
