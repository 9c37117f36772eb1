package dev.flowrun.support;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What instances of {@code dev.flowrun.Main} ({@link MainProcess}) sharing one database and data directory start with. */
public final class SharedInstances {
    private SharedInstances() {
    }

    /** Two workers each, a free port, the tests' key, loopback allowed, {@code lease}; a map the caller may add to. */
    public static Map<String, String> env(String databaseUrl, Path dataDir, Duration lease) {
        Map<String, String> env = new HashMap<>();
        env.put("FLOWRUN_DB_URL", databaseUrl);
        env.put("FLOWRUN_DATA_DIR", dataDir.toString());
        env.put("FLOWRUN_API_KEY", TestApp.API_KEY);
        env.put("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true");
        env.put("FLOWRUN_WORKERS", "2");
        env.put("FLOWRUN_PORT", "0");
        env.put("FLOWRUN_LEASE", lease.toSeconds() + "s");
        return env;
    }

    /**
     * Starts {@code count} instances at once (added to {@code processes} as they start, so the caller closes them
     * whatever happens next) and returns a client for each once it listens.
     */
    public static List<ApiClient> start(int count, Map<String, String> env, List<String> jvmOptions,
                                        List<MainProcess> processes) {
        for (int i = 0; i < count; i++) {
            processes.add(MainProcess.start(env, jvmOptions));
        }
        List<ApiClient> clients = new ArrayList<>();
        for (MainProcess process : processes.subList(processes.size() - count, processes.size())) {
            clients.add(new ApiClient("http://localhost:" + process.awaitListening(Duration.ofSeconds(60))));
        }
        return clients;
    }

    /** Closes the clients, then stops the instances (SIGTERM, as a service manager would). */
    public static void stop(List<ApiClient> clients, List<MainProcess> processes) {
        clients.forEach(ApiClient::close);
        processes.forEach(MainProcess::close);
    }

    /** JVM options that trust what this JVM trusts (an {@link HttpsReceiver}'s certificate, once it set them). */
    public static List<String> trustingJvmOptions() {
        return List.of(
                "-Djavax.net.ssl.trustStore=" + System.getProperty("javax.net.ssl.trustStore"),
                "-Djavax.net.ssl.trustStorePassword=" + System.getProperty("javax.net.ssl.trustStorePassword"),
                "-Djavax.net.ssl.trustStoreType=" + System.getProperty("javax.net.ssl.trustStoreType"));
    }
}
