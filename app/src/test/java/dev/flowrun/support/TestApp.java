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
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The whole service started in-process on a free port with a fresh data directory, and a client that talks
 * real HTTP to it. {@link #restart} starts a new process-equivalent on the same data, as after a crash.
 *
 * <p>A test class shares one with a JUnit extension: {@code @RegisterExtension static final TestApp app =
 * TestApp.forClass();} starts it before the class's own {@code @BeforeAll} methods and closes it after its
 * {@code @AfterAll} ones. A test that needs an app of its own uses {@link #start} in try-with-resources.
 */
public final class TestApp implements AutoCloseable, BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
        AfterEachCallback {
    public static final String API_KEY = "fr_test_key_for_the_default_workspace";
    public static final String ADMIN_TOKEN = "admin-token-for-tests";
    private static final MediaType JSON = MediaType.get("application/json");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final Map<String, String> overrides;
    private final NodeCatalogue catalogue;
    private final Clock clock;
    /** Started and closed around each test ({@link #forEachTest}) rather than once for the class. */
    private boolean perTest;
    private final OkHttpClient client = new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(30)).build();
    private Path dataDir;
    private Map<String, String> env;
    /** The PostgreSQL database made for this app, dropped at close; null on H2 or with a URL given by the test. */
    private TestDatabase database;
    private App app;

    private TestApp(Map<String, String> overrides, NodeCatalogue catalogue, Clock clock) {
        this.overrides = overrides;
        this.catalogue = catalogue;
        this.clock = clock;
    }

    /** With no catalogue given, as the service starts: the standard one, with the model the config names if any. */
    private App startApp() {
        App.Builder app = App.builder(Config.fromEnv(env)).clock(clock);
        return (catalogue == null ? app : app.nodes(catalogue)).start();
    }

    public static TestApp start() {
        return start(Map.of());
    }

    /** Starts with test defaults (a known key, an admin token, loopback allowed) overridden by {@code overrides}. */
    public static TestApp start(Map<String, String> overrides) {
        return new TestApp(overrides, null, Clock.systemUTC()).begin();
    }

    /** The same with another node catalogue, e.g. one with a node that misbehaves on purpose. */
    public static TestApp start(Map<String, String> overrides, NodeCatalogue catalogue) {
        return new TestApp(overrides, catalogue, Clock.systemUTC()).begin();
    }

    /** The same on a clock the test controls ({@link TestClock}). */
    public static TestApp start(Map<String, String> overrides, Clock clock) {
        return new TestApp(overrides, null, clock).begin();
    }

    /** One app for a test class, as an extension (see above), with the test defaults. */
    public static TestApp forClass() {
        return forClass(Map.of());
    }

    /** One app for a test class, with the test defaults overridden by {@code overrides}. */
    public static TestApp forClass(Map<String, String> overrides) {
        return new TestApp(overrides, null, Clock.systemUTC());
    }

    /** One app for a test class, with another node catalogue. */
    public static TestApp forClass(Map<String, String> overrides, NodeCatalogue catalogue) {
        return new TestApp(overrides, catalogue, Clock.systemUTC());
    }

    /** One app for a test class, on a clock the test controls. */
    public static TestApp forClass(Map<String, String> overrides, Clock clock) {
        return new TestApp(overrides, null, clock);
    }

    /**
     * A fresh app for every test, as an instance field: {@code @RegisterExtension final TestApp app =
     * TestApp.forEachTest(…);}, for tests that stop, restart or fill the app.
     */
    public static TestApp forEachTest(Map<String, String> overrides) {
        TestApp app = new TestApp(overrides, null, Clock.systemUTC());
        app.perTest = true;
        return app;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (perTest) {
            begin();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (perTest) {
            close();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (!perTest && app == null) {
            begin();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (!perTest && app != null && context.getParent().flatMap(ExtensionContext::getTestClass).isEmpty()) {
            close();
        }
    }

    private TestApp begin() {
        try {
            Path dir = Files.createTempDirectory("flowrun-test");
            Map<String, String> settings = new HashMap<>();
            settings.put("FLOWRUN_PORT", "0");
            settings.put("FLOWRUN_DATA_DIR", dir.toString());
            settings.put("FLOWRUN_API_KEY", API_KEY);
            settings.put("FLOWRUN_ADMIN_TOKEN", ADMIN_TOKEN);
            settings.put("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true");
            settings.put("FLOWRUN_WORKERS", "2");
            // -Dflowrun.test.storage=s3 (the object-store test execution): every file in a bucket of S3Proxy.
            if ("s3".equals(System.getProperty("flowrun.test.storage")) && !overrides.containsKey("FLOWRUN_STORAGE")) {
                S3ProxyServer s3 = S3ProxyServer.shared();
                settings.putAll(s3.env(s3.newBucket(), "flowrun"));
            }
            settings.putAll(overrides);
            settings.values().removeIf(v -> v == null || v.isEmpty());
            // On PostgreSQL every app gets a database of its own, kept across restart() and startAgain().
            TestDatabase made = TestDatabase.postgresql() && !settings.containsKey("FLOWRUN_DB_URL")
                    ? TestDatabase.fresh("app") : null;
            if (made != null) {
                settings.put("FLOWRUN_DB_URL", made.url());
            }
            this.dataDir = dir;
            this.env = settings;
            this.database = made;
            try {
                this.app = startApp();
                return this;
            } catch (RuntimeException e) {
                if (made != null) {
                    made.close();
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

    /**
     * Whether the app's store holds a file at {@code key} or under the folder {@code key}: in the data directory, or in
     * the bucket of {@code FLOWRUN_STORAGE=s3://bucket/prefix} (S3Proxy's).
     */
    public boolean stores(String key) {
        String storage = env.get("FLOWRUN_STORAGE");
        if (storage == null || storage.equals("file")) {
            Path path = dataDir.resolve("files").resolve(key);
            try (var files = Files.walk(path)) {
                return files.anyMatch(Files::isRegularFile);
            } catch (java.nio.file.NoSuchFileException e) {
                return false;
            } catch (UncheckedIOException e) {
                // Something vanished during the walk: the folder is being deleted, not gone yet.
                if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
                    return true;
                }
                throw e;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        String[] object = object(storage, key);
        return S3ProxyServer.shared().keys(object[0]).stream()
                .anyMatch(k -> k.equals(object[1]) || k.startsWith(object[1] + "/"));
    }

    /**
     * Deletes the stored file {@code key} behind the service's back, as a store restored from an old backup would
     * have lost it (the file of the data directory, or the object in S3Proxy's bucket); answers its bytes.
     */
    public byte[] takeAway(String key) {
        String storage = env.get("FLOWRUN_STORAGE");
        try {
            if (storage == null || storage.equals("file")) {
                Path path = dataDir.resolve("files").resolve(key);
                byte[] bytes = Files.readAllBytes(path);
                Files.delete(path);
                return bytes;
            }
            String[] object = object(storage, key);
            S3Client client = S3ProxyServer.shared().client();
            byte[] bytes = client.getObjectAsBytes(b -> b.bucket(object[0]).key(object[1])).asByteArray();
            client.deleteObject(b -> b.bucket(object[0]).key(object[1]));
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Puts back a file {@link #takeAway} took. */
    public void putBack(String key, byte[] bytes) {
        String storage = env.get("FLOWRUN_STORAGE");
        if (storage == null || storage.equals("file")) {
            try {
                Files.write(dataDir.resolve("files").resolve(key), bytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        String[] object = object(storage, key);
        S3ProxyServer.shared().client().putObject(b -> b.bucket(object[0]).key(object[1]),
                software.amazon.awssdk.core.sync.RequestBody.fromBytes(bytes));
    }

    /** The bucket and the object key of {@code key} in the store {@code s3://bucket/prefix}. */
    private static String[] object(String storage, String key) {
        String location = storage.substring("s3://".length());
        String bucket = location.contains("/") ? location.substring(0, location.indexOf('/')) : location;
        String prefix = location.contains("/") ? location.substring(location.indexOf('/') + 1) + "/" : "";
        return new String[] {bucket, prefix + key};
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
