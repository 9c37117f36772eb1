package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.S3ProxyServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The throughput phase's "Product shot" workload on one instance with its files in the data directory against one
 * with them in an object store (S3Proxy, a real S3 endpoint over a directory of this machine, in a JVM of its own),
 * both on PostgreSQL with as many workers as cores: warmed by the steady-state rule, then one round each, side by
 * side. With the store every input is PUT, read back for decoding and every output PUT, so the ratio is what the
 * store's round trips cost; S3Proxy shares the machine's cores, which a real store would not.
 */
final class StoragePhase {
    static final int IMAGES = Integer.getInteger("bench.storageImages", ThroughputPhase.IMAGES);

    private StoragePhase() {
    }

    static void run(BenchContext bench) throws Exception {
        Path folder = bench.workDir().resolve("shots");
        List<Path> shots = ShotImages.ensure(folder, ThroughputPhase.IMAGES, 1600, 1200);
        int cores = Runtime.getRuntime().availableProcessors();
        try (StaticFileServer files = new StaticFileServer(folder);
             S3ProxyServer s3 = S3ProxyServer.startNew();
             InstanceGroup file = InstanceGroup.start(bench, 1, cores, "file store", Map.of());
             InstanceGroup store = InstanceGroup.start(bench, 1, cores, "object store (S3Proxy)",
                     s3.env(s3.newBucket(), "bench"))) {
            double[] rates = new double[2];
            InstanceGroup[] sides = {file, store};
            for (int i = 0; i < 2; i++) {
                InstanceGroup side = sides[i];
                SteadyState.Warmup warmup = SteadyState.warm(side.pids(), pass -> {
                    int from = pass * SteadyState.PASS;
                    InstanceGroup.awaitCompleted(side.createRuns(SteadyState.PASS, 1,
                            n -> files.url(name(shots, from + n)), n -> "warm-" + pass + "/" + name(shots, from + n)),
                            Duration.ofMinutes(5));
                });
                BenchContext.log("%s warmed: %s", side.label(), warmup.describe());
            }
            for (int i = 0; i < 2; i++) {
                List<JsonNode> runs = InstanceGroup.awaitCompleted(sides[i].createRuns(IMAGES, 1,
                        n -> files.url(name(shots, n)), n -> "measured/" + name(shots, n)), Duration.ofMinutes(10));
                rates[i] = IMAGES / (InstanceGroup.span(runs).toMillis() / 1000.0);
                BenchContext.log("%s: %.2f items/s", sides[i].label(), rates[i]);
            }
            String workload = String.format("Product shot, %d × 1600×1200 JPEG, one instance × %d workers,"
                    + " PostgreSQL, steady state, one round each", IMAGES, cores);
            bench.table().add("Storage", workload + ", file store", String.format("%.2f items/s", rates[0]), "",
                    null);
            bench.table().add("Storage", "the same, object store (S3Proxy on this machine)", String.format(
                    "%.2f items/s: %s the file store's", rates[1], ResultTable.ratio(rates[1] / rates[0])), "", null);
        }
    }

    private static String name(List<Path> shots, int i) {
        return shots.get(i % shots.size()).getFileName().toString();
    }
}
