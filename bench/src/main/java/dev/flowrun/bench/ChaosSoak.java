package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import dev.flowrun.support.TestPostgres;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The crash soak: the fat jar on a fresh data directory, a stream of runs kept going ({@link ChaosLoad}), and
 * {@code kill -9} at random moments, each followed by a restart on the same data directory. Once the stream stops and
 * everything has finished, {@link ChaosAudit} counts what was lost or left wrong; any count above 0 fails the soak.
 * Run with {@code bench/chaos [--kills N] [--seed S] [--postgresql]}; never part of {@code mvn verify}. The seed fixes
 * the choices (which runs, when to kill), not the timing, which the machine decides. With {@code --postgresql} the
 * service runs on a private PostgreSQL cluster ({@link TestPostgres#ownCluster}), and between its kills the database
 * itself is restarted ({@code pg_ctl restart -m fast}) or stopped for 3 to 20 s, about once per kill.
 */
public final class ChaosSoak {
    private static final Duration FINISH = Duration.ofMinutes(15);

    private ChaosSoak() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]).toAbsolutePath();
        Path workDir = Path.of(args[1]).toAbsolutePath().normalize();
        int kills = 30;
        long seed = new SecureRandom().nextLong();
        boolean postgresql = false;
        for (int i = 2; i < args.length; i++) {
            switch (args[i]) {
                case "--kills" -> kills = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--postgresql" -> postgresql = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; options: --kills N --seed S --postgresql");
            }
        }
        log("seed %d (bench/chaos --seed %d repeats its choices), %d kills%s", seed, seed, kills,
                postgresql ? ", on PostgreSQL with database restarts and stops between them" : "");
        String loadBefore = Files.readString(Path.of("/proc/loadavg")).strip();
        long started = System.nanoTime();
        Random random = new Random(seed);
        Path dataDir = workDir.resolve("data");
        ShotImages.deleteTree(dataDir);
        Path inputs = workDir.resolve("inputs");
        Files.createDirectories(inputs);
        TestPostgres.Cluster cluster = postgresql ? TestPostgres.ownCluster() : null;
        try (var receiver = new ChaosReceiver(workDir.resolve("tls"), seed, 0.2);
             var files = new StaticFileServer(inputs)) {
            Map<String, String> env = new HashMap<>(Map.of(
                    "JAVA_TOOL_OPTIONS", ChaosReceiver.trustOptions(workDir.resolve("tls")),
                    // Short waits, so a webhook's six attempts fit in the soak (the defaults span hours).
                    "FLOWRUN_WEBHOOK_RETRY_DELAYS", "200ms,500ms,1s,2s,4s",
                    "FLOWRUN_WEBHOOK_TIMEOUT", "5s"));
            if (cluster != null) {
                env.put("FLOWRUN_DB_URL", cluster.freshDatabase("chaos"));
            }
            int port = ServerProcess.freePort();
            ServerProcess server = ServerProcess.start(jar, dataDir, env, port);
            var api = new ApiClient(server.baseUrl());
            List<Long> killedAt = new ArrayList<>();
            List<String> databaseFaults = new ArrayList<>();
            try (ChaosLoad load = ChaosLoad.prepare(api, inputs, files, receiver, seed)) {
                load.start();
                int kill = 0;
                while (kill < kills) {
                    Thread.sleep(4_000 + random.nextInt(16_000));
                    server.kill();
                    kill = killed(killedAt, kills, "", load);
                    // Now and then the next start is killed too, while it opens the database and resumes runs.
                    if (kill < kills && random.nextInt(5) == 0) {
                        server = ServerProcess.launch(jar, dataDir, env, port);
                        Thread.sleep(300 + random.nextInt(10_000));
                        server.kill();
                        kill = killed(killedAt, kills, " (mid-start)", load);
                    }
                    server = restart(jar, dataDir, env, port);
                    if (cluster != null && kill < kills) {
                        Thread.sleep(2_000 + random.nextInt(8_000));
                        databaseFault(cluster, random, databaseFaults);
                    }
                }
                load.close();
                var audit = new ChaosAudit(api, receiver, killedAt);
                awaitQuiet(api, audit);
                Map<String, Integer> counts = audit.audit(load.acknowledged());
                boolean clean = report(counts, audit, load, receiver, kills, seed);
                if (cluster != null) {
                    System.out.printf("database faults between the kills: %s%n", String.join(", ", databaseFaults));
                }
                System.out.printf("%nload average %s before, %s after; %.0f s in all; server log: %s%n", loadBefore,
                        Files.readString(Path.of("/proc/loadavg")).strip(), (System.nanoTime() - started) / 1e9,
                        dataDir.resolve("server.log"));
                server.close();
                if (cluster != null) {
                    cluster.close();
                }
                System.exit(clean ? 0 : 1);
            }
        }
    }

    /** A restart of the database, or a stop of 3 to 20 s, under the running service. */
    private static void databaseFault(TestPostgres.Cluster cluster, Random random, List<String> faults)
            throws InterruptedException {
        if (random.nextBoolean()) {
            log("database restart (pg_ctl restart -m fast)");
            cluster.restartFast();
            faults.add("restart");
        } else {
            int seconds = 3 + random.nextInt(18);
            log("database stop for %d s", seconds);
            cluster.stopFast();
            Thread.sleep(seconds * 1_000L);
            cluster.startServer();
            faults.add("stop " + seconds + " s");
        }
    }

    private static int killed(List<Long> killedAt, int kills, String how, ChaosLoad load) {
        killedAt.add(System.currentTimeMillis());
        log("kill -9 %d of %d%s; %d runs acknowledged so far", killedAt.size(), kills, how, load.acknowledged().size());
        return killedAt.size();
    }

    /** A start that fails is itself a finding to look at (server.log says why), but the soak goes on with another. */
    private static ServerProcess restart(Path jar, Path dataDir, Map<String, String> env, int port) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return ServerProcess.start(jar, dataDir, env, port);
            } catch (IllegalStateException e) {
                log("restart %d failed: %s", attempt, e.getMessage().lines().findFirst().orElse(""));
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    /** Until no run is queued or running and no webhook is pending, or {@link #FINISH} has passed. */
    private static void awaitQuiet(ApiClient api, ChaosAudit audit) throws Exception {
        log("stream stopped; waiting for every run and webhook to finish");
        long deadline = System.nanoTime() + FINISH.toNanos();
        while (System.nanoTime() < deadline) {
            int unfinished = api.get("/workflows/runs?status=queued&pageSize=1").path("total").asInt()
                    + api.get("/workflows/runs?status=running&pageSize=1").path("total").asInt();
            if (unfinished == 0 && pendingWebhooks(api, audit) == 0) {
                return;
            }
            Thread.sleep(2_000);
        }
        log("still unfinished after %s; auditing as it stands", FINISH);
    }

    private static int pendingWebhooks(ApiClient api, ChaosAudit audit) throws Exception {
        int pending = 0;
        for (JsonNode run : audit.runs()) {
            JsonNode webhook = api.find("/workflows/runs/" + run.path("id").asLong() + "/webhook");
            pending += webhook != null && webhook.path("status").asText().equals("pending") ? 1 : 0;
        }
        return pending;
    }

    private static boolean report(Map<String, Integer> counts, ChaosAudit audit, ChaosLoad load, ChaosReceiver receiver,
                                  int kills, long seed) {
        List<String> checks = List.of("runs lost (create acknowledged, run absent)", "runs not terminal at the end",
                "items left non-terminal", "webhooks owed but never attempted", "runs with two delivered events",
                "delivered events that disagree with their run", "runs whose counts disagree with their items",
                "files referenced but missing");
        var table = new ResultTable();
        boolean clean = true;
        for (String check : checks) {
            int count = counts.getOrDefault(check, 0);
            clean &= count == 0;
            table.add("crash soak", check, Integer.toString(count), "0", count == 0);
        }
        System.out.printf("%nflowrun crash soak: %d kill -9s, seed %d; %d runs acknowledged, %d creates refused while"
                        + " down, %d cancels; %d webhook requests received%n%n", kills, seed, load.acknowledged().size(),
                load.refused(), load.cancels(), receiver.requestCount());
        System.out.print(table.markdown());
        System.out.println();
        counts.forEach((name, count) -> {
            if (name.startsWith("(")) {
                System.out.println(name + ": " + count);
            }
        });
        audit.examples().forEach(example -> System.out.println("- " + example));
        return clean;
    }

    private static void log(String format, Object... args) {
        System.err.printf("[chaos] " + format + "%n", args);
    }
}
