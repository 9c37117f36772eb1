package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The throughput phase's "Product shot" workload (its 200 images, steady state as it reaches it)
 * on one instance on PostgreSQL against two instances on one PostgreSQL and one data directory: the same total of
 * workers (two instances of half as many) and two instances of as many each. The work is shared through the
 * database, so each side's 200 items come as 4 runs created on the instances in turn, and a side's rate is from
 * the first creation to the last end. The sides take turns, three times, each keeping its best round, as the
 * throughput phase's do. Then the database of each says whether anything was lost or done twice.
 */
final class InstancesPhase {
    static final int IMAGES = Integer.getInteger("bench.instancesImages", ThroughputPhase.IMAGES);
    static final int RUNS = 4;
    static final int ROUNDS = Integer.getInteger("bench.instancesRounds", ThroughputPhase.ROUNDS);

    private InstancesPhase() {
    }

    /** Items per second and CPU seconds per item (every instance's CPU summed) of a side's best round. */
    private record Rate(double itemsPerSecond, double cpuPerItem) {
        Rate better(Rate other) {
            return other == null || itemsPerSecond >= other.itemsPerSecond ? this : other;
        }
    }

    static void run(BenchContext bench) throws Exception {
        Path folder = bench.workDir().resolve("shots");
        List<Path> shots = ShotImages.ensure(folder, ThroughputPhase.IMAGES, 1600, 1200);
        int cores = Runtime.getRuntime().availableProcessors();
        List<InstanceGroup> groups = new ArrayList<>();
        try (StaticFileServer files = new StaticFileServer(folder)) {
            groups.add(InstanceGroup.start(bench, 1, cores));
            groups.add(InstanceGroup.start(bench, 2, Math.max(1, cores / 2)));
            groups.add(InstanceGroup.start(bench, 2, cores));
            List<String> warmups = new ArrayList<>();
            for (InstanceGroup group : groups) {
                warmups.add(group.label() + ": " + warm(group, files, shots).describe());
            }
            Rate[] best = new Rate[groups.size()];
            for (int round = 0; round < ROUNDS; round++) {
                for (int g = 0; g < groups.size(); g++) {
                    best[g] = measure(groups.get(g), files, shots, round).better(best[g]);
                }
            }
            report(bench, groups, best, warmups);
        } finally {
            for (InstanceGroup group : groups) {
                group.close();
            }
        }
    }

    /** Passes of the steady-state rule, each as 4 runs created on the instances in turn. */
    private static SteadyState.Warmup warm(InstanceGroup group, StaticFileServer files, List<Path> shots)
            throws Exception {
        SteadyState.Warmup warmup = SteadyState.warm(group.pids(), pass -> {
            int from = pass * SteadyState.PASS;
            InstanceGroup.awaitCompleted(group.createRuns(SteadyState.PASS, RUNS, i -> files.url(name(shots, from + i)),
                    i -> "warm-" + pass + "/" + name(shots, from + i)), Duration.ofMinutes(5));
        });
        BenchContext.log("%s warmed: %s", group.label(), warmup.describe());
        return warmup;
    }

    private static Rate measure(InstanceGroup group, StaticFileServer files, List<Path> shots, int round)
            throws Exception {
        double cpuBefore = ProcessCpu.seconds(group.pids());
        List<JsonNode> runs = InstanceGroup.awaitCompleted(group.createRuns(IMAGES, RUNS,
                i -> files.url(name(shots, i)), i -> round + "/" + name(shots, i)), Duration.ofMinutes(10));
        double seconds = InstanceGroup.span(runs).toMillis() / 1000.0;
        Rate rate = new Rate(IMAGES / seconds, (ProcessCpu.seconds(group.pids()) - cpuBefore) / IMAGES);
        BenchContext.log("%s: %.2f items/s", group.label(), rate.itemsPerSecond());
        return rate;
    }

    private static void report(BenchContext bench, List<InstanceGroup> groups, Rate[] best, List<String> warmups)
            throws Exception {
        String workload = String.format("Product shot, %d × 1600×1200 JPEG in %d runs created on the instances in"
                + " turn, PostgreSQL, steady state", IMAGES, RUNS);
        for (int g = 0; g < groups.size(); g++) {
            String result = String.format("%.2f items/s", best[g].itemsPerSecond());
            if (g > 0) {
                result += ": " + ResultTable.ratio(best[g].itemsPerSecond() / best[0].itemsPerSecond())
                        + " one instance's";
            }
            result += String.format("; CPU per item %.0f ms, all instances", best[g].cpuPerItem() * 1000);
            bench.table().add("Instances", (g == 0 ? workload + ", " : "the same, ") + groups.get(g).label(), result,
                    g == 0 ? "" : "none set (no gain expected on " + Runtime.getRuntime().availableProcessors()
                            + " cores)", null);
        }
        for (InstanceGroup group : groups) {
            NoLossAudit audit = NoLossAudit.of(group);
            BenchContext.log("%s: %s", group.label(), audit.describe());
            audit.warnings().stream().limit(20).forEach(line -> BenchContext.log("  %s", line));
            bench.table().add("Instances", "no loss, " + group.label(), audit.describe(),
                    "every run completed, every item once", audit.noLoss());
        }
        bench.table().add("Instances", "the same, warming up", String.join("; ", warmups), "", null);
    }

    private static String name(List<Path> shots, int i) {
        return shots.get(i % shots.size()).getFileName().toString();
    }
}
