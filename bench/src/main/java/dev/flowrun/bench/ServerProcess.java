package dev.flowrun.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The service as users run it: {@code java -jar flowrun.jar} in its own process, on loopback, on a data directory
 * of the benchmark's, with its output in a log file there. Stopped with SIGTERM, as a service manager would.
 */
record ServerProcess(Process process, int port, Path log) implements AutoCloseable {
    static final String API_KEY = "fr_benchmark_key_for_the_default_workspace";

    static ServerProcess start(Path jar, Path dataDir, Map<String, String> extraEnv) throws IOException, InterruptedException {
        return start(jar, dataDir, extraEnv, freePort());
    }

    /** On a given port: a restart on the same data directory keeps the URLs it handed out (bench/chaos). */
    static ServerProcess start(Path jar, Path dataDir, Map<String, String> extraEnv, int port)
            throws IOException, InterruptedException {
        var server = launch(jar, dataDir, extraEnv, port);
        server.awaitHealthy(Duration.ofSeconds(60));
        return server;
    }

    /** One of several instances on one data directory: each with a log of its own there, {@code logName}. */
    static ServerProcess startInstance(Path jar, Path dataDir, Map<String, String> extraEnv, String logName)
            throws IOException, InterruptedException {
        var server = launch(jar, dataDir, extraEnv, freePort(), logName);
        server.awaitHealthy(Duration.ofSeconds(60));
        return server;
    }

    /** Starts the process and returns at once, healthy or not (bench/chaos kills some mid-start). */
    static ServerProcess launch(Path jar, Path dataDir, Map<String, String> extraEnv, int port) throws IOException {
        return launch(jar, dataDir, extraEnv, port, "server.log");
    }

    private static ServerProcess launch(Path jar, Path dataDir, Map<String, String> extraEnv, int port, String logName)
            throws IOException {
        Files.createDirectories(dataDir);
        Path log = dataDir.resolve(logName);
        // Appended to: the log of a data directory tells every start on it, crashed ones included.
        var builder = new ProcessBuilder("java", "-jar", jar.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("FLOWRUN_"));
        env.put("FLOWRUN_PORT", Integer.toString(port));
        env.put("FLOWRUN_DATA_DIR", dataDir.toString());
        env.put("FLOWRUN_API_KEY", API_KEY);
        env.put("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true");
        useTriedJavaOptions(env);
        // -Dbench.workers=N overrides FLOWRUN_WORKERS (default: one per core), for the same purpose.
        String workers = System.getProperty("bench.workers");
        if (workers != null) {
            env.put("FLOWRUN_WORKERS", workers);
        }
        env.putAll(extraEnv);
        return new ServerProcess(builder.start(), port, log);
    }

    /**
     * -Dbench.serverJavaOptions="-Xmx256m …" tries the server under other JVM options, e.g. to explain a figure; a
     * JVM started with {@code env} gets them too (the throughput phase's in-process side, so both sides match).
     */
    static void useTriedJavaOptions(Map<String, String> env) {
        String javaOptions = System.getProperty("bench.serverJavaOptions");
        if (javaOptions != null) {
            env.put("JAVA_TOOL_OPTIONS", javaOptions);
        }
    }

    long pid() {
        return process.pid();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    void awaitHealthy(Duration timeout) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl() + "/health")).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited at start; see " + log + ":\n" + Files.readString(log));
            }
            try {
                if (client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the server did not answer /health within " + timeout + "; see " + log);
    }

    /** {@code kill -9}: no shutdown hook, no grace, as in a crash or an out-of-memory kill. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor();
        }
    }

    static int freePort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
