package dev.flowrun.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.App;
import dev.flowrun.Config;
import dev.flowrun.nodes.NodeCatalogue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * The whole service started in-process on a free port with a fresh data directory, and a client that talks
 * real HTTP to it. {@link #restart} starts a new process-equivalent on the same data, as after a crash.
 */
public final class TestApp implements AutoCloseable {
    public static final String API_KEY = "fr_test_key_for_the_default_workspace";
    public static final String ADMIN_TOKEN = "admin-token-for-tests";
    private static final MediaType JSON = MediaType.get("application/json");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final Path dataDir;
    private final Map<String, String> env;
    /** The PostgreSQL database made for this app, dropped at close; null on H2 or with a URL given by the test. */
    private final TestDatabase database;
    private final NodeCatalogue catalogue;
    private final Clock clock;
    private final OkHttpClient client = new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(30)).build();
    private App app;

    private TestApp(Path dataDir, Map<String, String> env, TestDatabase database, NodeCatalogue catalogue,
                    Clock clock) {
        this.dataDir = dataDir;
        this.env = env;
        this.database = database;
        this.catalogue = catalogue;
        this.clock = clock;
        this.app = startApp();
    }

    /** With no catalogue given, as the service starts: the standard one, with the model the config names if any. */
    private App startApp() {
        Config config = Config.fromEnv(env);
        return catalogue == null ? App.start(config, clock, key -> { }) : App.start(config, catalogue, clock);
    }

    public static TestApp start() {
        return start(Map.of());
    }

    /** Starts with test defaults (a known key, an admin token, loopback allowed) overridden by {@code overrides}. */
    public static TestApp start(Map<String, String> overrides) {
        return start(overrides, (NodeCatalogue) null);
    }

    /** The same with another node catalogue, e.g. one with a node that misbehaves on purpose. */
    public static TestApp start(Map<String, String> overrides, NodeCatalogue catalogue) {
        return start(overrides, catalogue, Clock.systemUTC());
    }

    /** The same on a clock the test controls ({@link TestClock}). */
    public static TestApp start(Map<String, String> overrides, Clock clock) {
        return start(overrides, null, clock);
    }

    private static TestApp start(Map<String, String> overrides, NodeCatalogue catalogue, Clock clock) {
        try {
            Path dir = Files.createTempDirectory("flowrun-test");
            Map<String, String> env = new HashMap<>();
            env.put("FLOWRUN_PORT", "0");
            env.put("FLOWRUN_DATA_DIR", dir.toString());
            env.put("FLOWRUN_API_KEY", API_KEY);
            env.put("FLOWRUN_ADMIN_TOKEN", ADMIN_TOKEN);
            env.put("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true");
            env.put("FLOWRUN_WORKERS", "2");
            env.putAll(overrides);
            env.values().removeIf(v -> v == null || v.isEmpty());
            // On PostgreSQL every app gets a database of its own, kept across restart() and startAgain().
            TestDatabase database = TestDatabase.postgresql() && !env.containsKey("FLOWRUN_DB_URL")
                    ? TestDatabase.fresh("app") : null;
            if (database != null) {
                env.put("FLOWRUN_DB_URL", database.url());
            }
            try {
                return new TestApp(dir, env, database, catalogue, clock);
            } catch (RuntimeException e) {
                if (database != null) {
                    database.close();
                }
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public App app() {
        return app;
    }

    public Path dataDir() {
        return dataDir;
    }

    /** The JDBC URL of this app's database, for tests that look into it (an H2 file only while the app is stopped). */
    public String dbUrl() {
        return Config.fromEnv(env).effectiveDbUrl();
    }

    public String baseUrl() {
        return "http://localhost:" + app.port();
    }

    /** Stops abruptly (workers interrupted mid-item, as in a crash) and starts again on the same database. */
    public void restart(Duration grace) {
        app.stop(grace);
        app = startApp();
    }

    public void stopAbruptly() {
        app.stop(Duration.ZERO);
    }

    public void startAgain() {
        app = startApp();
    }

    public Reply get(String path) {
        return call(new Request.Builder().url(baseUrl() + path).header("Authorization", "Bearer " + API_KEY).build());
    }

    public Reply get(String path, String key) {
        var builder = new Request.Builder().url(baseUrl() + path);
        if (key != null) {
            builder.header("Authorization", key);
        }
        return call(builder.build());
    }

    public Reply post(String path, String json) {
        return send("POST", path, json, "Bearer " + API_KEY);
    }

    public Reply put(String path, String json) {
        return send("PUT", path, json, "Bearer " + API_KEY);
    }

    public Reply delete(String path) {
        return send("DELETE", path, null, "Bearer " + API_KEY);
    }

    public Reply send(String method, String path, String json, String authorization) {
        RequestBody body = json == null ? (method.equals("POST") || method.equals("PUT") ? RequestBody.create(new byte[0])
                : null) : RequestBody.create(json, JSON);
        var builder = new Request.Builder().url(baseUrl() + path).method(method, body);
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return call(builder.build());
    }

    /** A GET of an absolute URL (a signed file URL) without credentials. */
    public Reply fetch(String url) {
        return call(new Request.Builder().url(url).build());
    }

    public Reply call(Request request) {
        try (Response response = client.newCall(request).execute()) {
            byte[] bytes = response.body().bytes();
            JsonNode json = null;
            String type = response.header("Content-Type", "");
            if (type.startsWith("application/json") && bytes.length > 0) {
                json = MAPPER.readTree(bytes);
            }
            return new Reply(response.code(), json, bytes, response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        app.stop(Duration.ofSeconds(5));
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
        if (database != null) {
            database.close();
        }
    }
}
