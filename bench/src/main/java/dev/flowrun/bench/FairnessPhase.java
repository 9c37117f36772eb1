package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** A one-item run created while a 5,000-item run executes: how long until it is done. */
final class FairnessPhase {
    static final int BIG = 5_000;

    private FairnessPhase() {
    }

    static void run(BenchContext bench) throws Exception {
        Path tiny = ShotImages.tinyPng(bench.workDir().resolve("inputs"));
        Path dataDir = bench.freshDataDir("fairness");
        try (StaticFileServer files = new StaticFileServer(tiny.getParent());
             ServerProcess server = bench.startServer(dataDir, Map.of())) {
            ApiClient api = new ApiClient(server.baseUrl());
            long workflow = api.passThroughWorkflow();
            long bigRun = api.createRun(workflow, BIG, i -> files.url("tiny.png"), i -> "big/" + i + ".png");
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            JsonNode progress;
            do {
                Thread.sleep(100);
                progress = api.get("/workflows/runs/" + bigRun + "?pageSize=1");
                if (!progress.path("status").asText().matches("queued|running") || System.nanoTime() > deadline) {
                    throw new IllegalStateException("the big run did not get going: " + progress);
                }
            } while (progress.path("completedItems").asInt() < BIG / 10);

            long smallRun = api.createRun(workflow, 1, i -> files.url("tiny.png"), i -> "small.png");
            JsonNode small = api.awaitTerminal(smallRun, Duration.ofMinutes(2));
            JsonNode big = api.get("/workflows/runs/" + bigRun + "?pageSize=1");
            int left = BIG - big.path("completedItems").asInt() - big.path("failedItems").asInt();
            api.post("/workflows/runs/" + bigRun + "/cancel", "");
            Duration wait = ApiClient.createdToFinished(small);
            BenchContext.log("small run done in %d ms; the big run had %d items left", wait.toMillis(), left);
            // What is left of the big run is what a first-come-first-served queue would have made the small one wait for.
            bench.table().add("Fairness", String.format("1-item run created while a %,d-item run executes", BIG),
                    String.format("done %s after its creation, while the big run still had %,d items to go",
                            ResultTable.ms(wait.toMillis()), left),
                    "a few seconds, not after the big run", wait.toSeconds() < 3 && left > 0);
        } finally {
            ShotImages.deleteTree(dataDir);
        }
    }
}
