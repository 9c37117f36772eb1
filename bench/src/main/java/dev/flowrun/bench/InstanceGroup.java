package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Instances of the jar sharing one PostgreSQL database (a fresh one of their own) and one data directory, as a
 * team would run them behind a load balancer; each logs to a file of its own in that directory. Runs are created
 * on the instances in turn, as a round-robin balancer would send them.
 */
record InstanceGroup(String label, String dbUrl, Path dataDir, List<ServerProcess> servers, List<ApiClient> apis,
                     long workflow) implements AutoCloseable {
    /** A run as created: the instance that took the request (answers about it) and the run's id. */
    record Created(ApiClient api, long runId) {
    }

    /** {@code instances} instances with {@code workersEach} workers each; started one after the other. */
    static InstanceGroup start(BenchContext bench, int instances, int workersEach) throws Exception {
        return start(bench, instances, workersEach, "", Map.of());
    }

    /** The same with more variables ({@code FLOWRUN_STORAGE}, say), told apart by {@code what} in its label. */
    static InstanceGroup start(BenchContext bench, int instances, int workersEach, String what,
                               Map<String, String> more) throws Exception {
        String name = "instances_" + instances + "x" + workersEach + what.replaceAll("[^a-z0-9]+", "_");
        String label = instances + " instance" + (instances == 1 ? "" : "s") + " × " + workersEach
                + " worker" + (workersEach == 1 ? "" : "s") + (what.isEmpty() ? "" : ", " + what);
        String dbUrl = BenchPostgres.freshDatabase(name);
        Path dataDir = bench.freshDataDir(name);
        List<ServerProcess> servers = new ArrayList<>();
        try {
            Map<String, String> env = new java.util.HashMap<>(more);
            env.put("FLOWRUN_DB_URL", dbUrl);
            env.put("FLOWRUN_WORKERS", Integer.toString(workersEach));
            List<ApiClient> apis = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                ServerProcess server = ServerProcess.startInstance(bench.jar(), dataDir, env,
                        "instance-" + (char) ('a' + i) + ".log");
                servers.add(server);
                apis.add(new ApiClient(server.baseUrl()));
            }
            return new InstanceGroup(label, dbUrl, dataDir, servers, apis, apis.get(0).workflowNamed("Product shot"));
        } catch (Exception | Error e) {
            stop(servers, dbUrl, dataDir);
            throw e;
        }
    }

    List<Long> pids() {
        return servers.stream().map(ServerProcess::pid).toList();
    }

    /**
     * {@code items} "Product shot" items in {@code runs} runs of equal size, created on the instances in turn:
     * item i of the whole is fetched from {@code url(i)} and named {@code name(i)}.
     */
    List<Created> createRuns(int items, int runs, IntFunction<String> url, IntFunction<String> name)
            throws IOException, InterruptedException {
        List<Created> created = new ArrayList<>();
        int perRun = items / runs;
        for (int run = 0; run < runs; run++) {
            int from = run * perRun;
            int count = run == runs - 1 ? items - from : perRun;
            ApiClient api = apis.get(run % apis.size());
            created.add(new Created(api, api.createRun(workflow, count, i -> url.apply(from + i),
                    i -> name.apply(from + i))));
        }
        return created;
    }

    /** Waits for every run to finish; fails unless each completed. */
    static List<JsonNode> awaitCompleted(List<Created> runs, Duration timeout)
            throws IOException, InterruptedException {
        List<JsonNode> finished = new ArrayList<>();
        for (Created run : runs) {
            JsonNode done = run.api().awaitTerminal(run.runId(), timeout);
            if (!done.path("status").asText().equals("completed")) {
                throw new IllegalStateException("run " + run.runId() + " did not complete: " + done);
            }
            finished.add(done);
        }
        return finished;
    }

    /** From the first run's creation to the last one's end, by the service's clock (one machine, one clock). */
    static Duration span(List<JsonNode> runs) {
        Instant first = runs.stream().map(run -> Instant.parse(run.path("createdAt").asText()))
                .min(Instant::compareTo).orElseThrow();
        Instant last = runs.stream().map(run -> Instant.parse(run.path("finishedAt").asText()))
                .max(Instant::compareTo).orElseThrow();
        return Duration.between(first, last);
    }

    /** Stops every instance (SIGTERM), then drops the database and the data directory. */
    @Override
    public void close() throws Exception {
        stop(servers, dbUrl, dataDir);
    }

    private static void stop(List<ServerProcess> servers, String dbUrl, Path dataDir) throws Exception {
        for (ServerProcess server : servers) {
            server.close();
        }
        BenchPostgres.drop(dbUrl);
        ShotImages.deleteTree(dataDir);
    }
}
