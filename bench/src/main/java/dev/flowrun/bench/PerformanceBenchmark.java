package dev.flowrun.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * The benchmark suite: starts the fat jar on fresh data directories on loopback, drives it, and prints one
 * markdown table. Run it with {@code bench/run} at the repository root (which builds the jar and installs wrk);
 * directly, with the class path the bench module's build writes to {@code target/classpath.txt}: {@code java -cp
 * bench/target/classes:$(cat bench/target/classpath.txt) dev.flowrun.bench.PerformanceBenchmark <jar> <work dir>
 * [api,scale,throughput,memory,fairness]}; not among those, {@code model}, and {@code scale-pg} and {@code instances},
 * which start a private PostgreSQL cluster ({@link BenchPostgres}). Never part of {@code mvn verify}.
 */
public final class PerformanceBenchmark {
    private static final List<String> PHASES = List.of("api", "scale", "throughput", "memory", "fairness");

    private PerformanceBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]).toAbsolutePath();
        Path workDir = Path.of(args[1]).toAbsolutePath();
        List<String> phases = args.length > 2 ? Arrays.asList(args[2].split(",")) : PHASES;
        Files.createDirectories(workDir);
        var bench = new BenchContext(jar, workDir, new ResultTable());
        String loadBefore = Machine.loadAverage();
        long started = System.nanoTime();
        for (String phase : phases) {
            long phaseStart = System.nanoTime();
            BenchContext.log("phase %s", phase);
            switch (phase) {
                case "api" -> ApiPhase.run(bench);
                case "scale" -> ScalePhase.run(bench, Long.getLong("bench.smallStore", 1_000),
                        Long.getLong("bench.bigStore", 1_000_000));
                case "throughput" -> ThroughputPhase.run(bench);
                case "memory" -> MemoryPhase.run(bench);
                case "fairness" -> FairnessPhase.run(bench);
                case "model" -> ModelPhase.run(bench);
                case "cli" -> CommandLinePhase.run(bench);
                case "scale-pg" -> PostgresScalePhase.run(bench, Long.getLong("bench.smallStore", 1_000),
                        Long.getLong("bench.bigStore", 1_000_000));
                case "instances" -> InstancesPhase.run(bench);
                case "storage" -> StoragePhase.run(bench);
                default -> throw new IllegalArgumentException("unknown phase " + phase + "; phases: " + PHASES
                        + ", model, cli, scale-pg, instances, storage");
            }
            BenchContext.log("phase %s took %.0f s", phase, (System.nanoTime() - phaseStart) / 1e9);
        }
        System.out.println();
        System.out.printf("flowrun benchmark, %s: %d cores, %s, Java %s; load average %s before, %s after; %.0f s in all%n%n",
                Instant.now().toString().substring(0, 16).replace('T', ' '), Runtime.getRuntime().availableProcessors(),
                memoryText(), System.getProperty("java.version"), loadBefore, Machine.loadAverage(),
                (System.nanoTime() - started) / 1e9);
        System.out.print(bench.table().markdown());
        warnIfBusy(loadBefore);
    }

    /**
     * A figure taken while other work shares the cores says more about that work than about flowrun:
     * the 1-minute load average at the start (the jar's own build is in it) above the number of cores means it was.
     */
    private static void warnIfBusy(String loadBefore) {
        int cores = Runtime.getRuntime().availableProcessors();
        double oneMinute = Double.parseDouble(loadBefore.split(" ")[0]);
        if (oneMinute > cores) {
            System.out.printf("%nWARNING: the machine was busy (load average %.2f on %d cores at the start): these"
                    + " figures are indicative only; take them again with nothing else running.%n", oneMinute, cores);
        }
    }


    private static String memoryText() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return String.format("%.0f GiB RAM", Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0);
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            // not Linux
        }
        return "RAM unknown";
    }
}
