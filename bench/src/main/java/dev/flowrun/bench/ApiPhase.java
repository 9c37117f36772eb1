package dev.flowrun.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Requests per second and p50/p99 at 64 connections for /health, get-a-run (25 items with
 * outputs), the first list page and create-a-run with one input, each also as a ratio to /health. A finished run's
 * page is served from the cache of final pages; a running run's page, also measured, is read afresh each time.
 */
final class ApiPhase {
    static final int CONNECTIONS = 64;
    static final int WARMUP_SECONDS = 2;
    static final int SECONDS = 6;

    private ApiPhase() {
    }

    static void run(BenchContext bench) throws Exception {
        Path tiny = ShotImages.tinyPng(bench.workDir().resolve("inputs"));
        try (StaticFileServer files = new StaticFileServer(tiny.getParent());
             BlackHole hole = BlackHole.silent();
             BlackHole trickle = BlackHole.trickling();
             ServerProcess server = bench.startServer(bench.freshDataDir("api"), Map.of())) {
            ApiClient api = new ApiClient(server.baseUrl());
            long workflow = api.passThroughWorkflow();
            long runId = api.createRun(workflow, 25, i -> files.url("tiny.png"), i -> "in/product-" + i + ".png");
            api.awaitTerminal(runId, Duration.ofMinutes(2));
            // A run being polled while it executes: 23 items done with outputs, the last two (one per worker) on a
            // download that never ends. Its page can still change, so it is read from the database every time.
            long running = api.createRun(workflow, 25, i -> i < 23 ? files.url("tiny.png") : trickle.url(),
                    i -> "in/product-" + i + ".png");
            api.awaitCompleted(running, 23, Duration.ofMinutes(2));

            String base = server.baseUrl();
            // Created runs wait on a download that never answers, so no item work competes with the requests.
            Path post = Wrk.postScript(bench.workDir(), "{\"inputs\":{\"imageInput\":{\"files\":[{\"url\":\""
                    + hole.url() + "\"}]}}}");
            // Every endpoint warmed before any is measured, so none is timed while the JIT still compiles.
            for (String path : new String[] {"/health", "/workflows/runs/" + runId, "/workflows/runs/" + running,
                    "/workflows/runs?page=1"}) {
                Wrk.run(base + path, 8, WARMUP_SECONDS, null);
            }
            Wrk.run(base + "/workflows/" + workflow + "/runs", 8, WARMUP_SECONDS, post);
            long pid = server.pid();
            Measured health = measure(pid, base + "/health", null);
            Measured getRun = measure(pid, base + "/workflows/runs/" + runId, null);
            Measured getRunning = measure(pid, base + "/workflows/runs/" + running, null);
            Measured list = measure(pid, base + "/workflows/runs?page=1", null);
            Measured create = measure(pid, base + "/workflows/" + workflow + "/runs", post);
            // At 64 connections p50 is about 64 / rps (Little's law): a throughput figure. The latency a caller
            // sees is that of one connection.
            Wrk.Result createAlone = Wrk.run(base + "/workflows/" + workflow + "/runs", 1, SECONDS, post);
            BenchContext.log("create, 1 connection: p50 %.2f ms, p99 %.2f ms", createAlone.p50Millis(),
                    createAlone.p99Millis());

            ResultTable table = bench.table();
            table.add("API", "GET /health", describe(health, health), "", null);
            table.add("API", "GET /workflows/runs/{id} (25 items, outputs)", describe(getRun, health),
                    "≥ 0.25× /health", getRun.wrk().rps() / health.wrk().rps() >= 0.25);
            table.add("API", "GET /workflows/runs/{id} of a running run (25 items, 23 with outputs)",
                    describe(getRunning, health), "", null);
            table.add("API", "GET /workflows/runs?page=1", describe(list, health), "", null);
            table.add("API", "POST /workflows/{id}/runs (1 input)", describe(create, health), "", null);
            table.add("API", "POST /workflows/{id}/runs (1 input), 1 connection",
                    "p50 " + ResultTable.ms(createAlone.p50Millis()) + ", p99 " + ResultTable.ms(createAlone.p99Millis()),
                    "p50 < 5 ms", createAlone.p50Millis() < 5);
        }
    }

    /** A wrk result and the server's CPU time per request meanwhile, which other load on the machine does not inflate. */
    record Measured(Wrk.Result wrk, double cpuMillisPerRequest) {
    }

    private static Measured measure(long pid, String url, Path lua) throws Exception {
        Wrk.run(url, CONNECTIONS, WARMUP_SECONDS, lua);
        double cpuBefore = ProcessCpu.seconds(pid);
        Wrk.Result result = Wrk.run(url, CONNECTIONS, SECONDS, lua);
        double cpu = (ProcessCpu.seconds(pid) - cpuBefore) * 1000 / (result.rps() * SECONDS);
        BenchContext.log("%s: %.0f rps, p50 %.2f ms, p99 %.2f ms, %.3f ms CPU/request", url, result.rps(),
                result.p50Millis(), result.p99Millis(), cpu);
        return new Measured(result, cpu);
    }

    private static String describe(Measured measured, Measured health) {
        Wrk.Result result = measured.wrk();
        String text = ResultTable.rps(result.rps()) + ", p50 " + ResultTable.ms(result.p50Millis()) + ", p99 "
                + ResultTable.ms(result.p99Millis()) + String.format(", %.2f ms server CPU/request", measured.cpuMillisPerRequest());
        return measured == health ? text : text + " (" + ResultTable.ratio(result.rps() / health.wrk().rps()) + " /health)";
    }
}
