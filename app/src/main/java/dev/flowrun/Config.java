package dev.flowrun;

import dev.flowrun.auth.AuthSettings;
import dev.flowrun.cluster.ClusterSettings;
import dev.flowrun.cutout.model.ModelFamily;
import dev.flowrun.cutout.model.ModelSettings;
import dev.flowrun.cutout.model.ModelStore;
import dev.flowrun.db.Dialect;
import dev.flowrun.db.OpenFailures;
import dev.flowrun.engine.EngineSettings;
import dev.flowrun.files.FileSettings;
import dev.flowrun.files.StorageConfig;
import dev.flowrun.http.HttpSettings;
import dev.flowrun.net.NetSettings;
import dev.flowrun.run.RunSettings;
import dev.flowrun.webhook.WebhookSettings;
import dev.flowrun.work.DurationText;
import dev.flowrun.work.Env;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Everything the service reads from its environment (README, Configuration): the data directory, the database and
 * the log format, which belong to the whole service, and each feature's settings record, which parses and lists its
 * own variables. Built once at start; a bad value throws {@link ConfigException} naming the variable so start-up
 * stops with one clear line.
 */
public record Config(
        Path dataDir,
        String dbUrl,
        int dbPoolSize,
        LogFormat logFormat,
        HttpSettings http,
        AuthSettings auth,
        NetSettings net,
        FileSettings files,
        EngineSettings engine,
        WebhookSettings webhooks,
        RunSettings runs,
        ClusterSettings cluster,
        ModelSettings model) {

    /** Every variable read: the service's own and each feature's, in the order of README's table. */
    public static final List<String> VARIABLES = Stream.of(
            List.of("FLOWRUN_DATA_DIR", "FLOWRUN_DB_URL", "FLOWRUN_DB_POOL_SIZE", "FLOWRUN_LOG_FORMAT",
                    "FLOWRUN_CLASS_ARCHIVE"), HttpSettings.VARIABLES,
            AuthSettings.VARIABLES, NetSettings.VARIABLES, FileSettings.VARIABLES, EngineSettings.VARIABLES,
            WebhookSettings.VARIABLES, RunSettings.VARIABLES, ClusterSettings.VARIABLES, ModelSettings.VARIABLES)
            .flatMap(List::stream).toList();

    /**
     * FLOWRUN_DB_POOL_SIZE's default beyond one connection per worker: requests, the heartbeat, retention, webhook
     * deliveries and, on PostgreSQL, the notifications' connection share these.
     */
    public static final int DB_POOL_BEYOND_WORKERS = 10;

    public static final List<Duration> DEFAULT_RETRY_DELAYS = WebhookSettings.DEFAULT_RETRY_DELAYS;

    public static Config fromEnv(Map<String, String> values) {
        var env = new Env(values);
        try {
            EngineSettings engine = EngineSettings.fromEnv(env);
            return new Config(Path.of(env.string("FLOWRUN_DATA_DIR", "./data")), dbUrl(env, "FLOWRUN_DB_URL"),
                    env.integer("FLOWRUN_DB_POOL_SIZE", engine.workers() + DB_POOL_BEYOND_WORKERS, 2, 10_000),
                    logFormat(env, "FLOWRUN_LOG_FORMAT"), HttpSettings.fromEnv(env), AuthSettings.fromEnv(env),
                    NetSettings.fromEnv(env), FileSettings.fromEnv(env), engine,
                    WebhookSettings.fromEnv(env), RunSettings.fromEnv(env), ClusterSettings.fromEnv(env),
                    ModelSettings.fromEnv(env));
        } catch (Env.Invalid e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /** How log lines are written to standard output (README, Operating it). */
    public enum LogFormat { TEXT, JSON }

    /** How a user gets the model (README, Background removal). */
    public static final String MODEL_FETCH = "java -jar flowrun.jar model fetch isnet";

    // The settings by their former names, for the composition layer and the tests that read them.

    public int port() {
        return http.port();
    }

    public String host() {
        return http.host();
    }

    public String publicUrl() {
        return http.publicUrl();
    }

    public Duration httpIdleTimeout() {
        return http.idleTimeout();
    }

    public Duration downloadStallTimeout() {
        return http.downloadStallTimeout();
    }

    public String apiKey() {
        return auth.apiKey();
    }

    public String adminToken() {
        return auth.adminToken();
    }

    public boolean allowPrivateNetworks() {
        return net.allowPrivateNetworks();
    }

    public Duration urlTtl() {
        return files.urlTtl();
    }

    public StorageConfig storage() {
        return files.storage();
    }

    public int workers() {
        return engine.workers();
    }

    public Duration itemTimeout() {
        return engine.itemTimeout();
    }

    public double reviewBelow() {
        return engine.reviewBelow();
    }

    public long maxPixels() {
        return engine.maxPixels();
    }

    public List<Duration> webhookRetryDelays() {
        return webhooks.retryDelays();
    }

    public Duration webhookTimeout() {
        return webhooks.timeout();
    }

    public int pageCacheMb() {
        return runs.pageCacheMb();
    }

    public Duration outputRetention() {
        return runs.retention();
    }

    public Duration lease() {
        return cluster.lease();
    }

    public Path bgModel() {
        return model.bgModel();
    }

    public ModelFamily bgModelFamily() {
        return model.family();
    }

    /** {@code FLOWRUN_BG_MODEL_SPINNING}: whether the model's threads spin while they wait (default true). */
    public boolean bgModelSpinning() {
        return model.spinning();
    }

    /**
     * The settings that change what a run gives, as the variables' names and values: every instance of one database
     * must have the same (an item gives the same result whichever instance claims it; retention is one rule).
     */
    public Map<String, String> resultSettings() {
        return Map.of("FLOWRUN_MAX_PIXELS", Long.toString(maxPixels()),
                "FLOWRUN_OUTPUT_RETENTION", outputRetention() == null ? "unset"
                        : DurationText.format(outputRetention()),
                "FLOWRUN_REVIEW_BELOW", Double.toString(reviewBelow()),
                "FLOWRUN_ITEM_TIMEOUT", DurationText.format(itemTimeout()));
    }

    /** The segmentation model in force, for the start-up line; without one, what that means and how to get one. */
    public String modelSummary() {
        Path model = effectiveBgModel();
        return model == null ? "none: photos get the classic background removal, made for plain backdrops (for the "
                + "model: " + MODEL_FETCH + ")" : model.toAbsolutePath().toString();
    }

    /**
     * The segmentation model to load: {@code FLOWRUN_BG_MODEL}, else the one {@code model fetch} stored in the data
     * directory if there is one, else none (removeBackground then uses the classic algorithm).
     */
    public Path effectiveBgModel() {
        if (bgModel() != null) {
            return bgModel();
        }
        Path fetched = ModelStore.defaultModel(dataDir);
        return Files.isRegularFile(fetched) ? fetched : null;
    }

    /** A config for tests and embedding: port 0, everything else at its default. */
    public static Config defaults(Path dataDir) {
        return fromEnv(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", dataDir.toString()));
    }

    /** The JDBC URL actually used: the configured one, or an H2 file under the data directory. */
    public String effectiveDbUrl() {
        if (dbUrl != null) {
            return dbUrl;
        }
        return "jdbc:h2:file:" + dataDir.toAbsolutePath().normalize().resolve("flowrun") + ";DB_CLOSE_ON_EXIT=FALSE";
    }

    /** The base of every URL handed out, once the real port is known (port 0 picks one at start). */
    public String effectivePublicUrl(int actualPort) {
        return publicUrl() != null ? publicUrl() : "http://localhost:" + actualPort;
    }

    public static final class ConfigException extends RuntimeException {
        public ConfigException(String message) {
            super(message);
        }
    }

    private static LogFormat logFormat(Env env, String name) {
        String value = env.raw(name);
        if (value == null) {
            return LogFormat.TEXT;
        }
        return switch (value.toLowerCase()) {
            case "text" -> LogFormat.TEXT;
            case "json" -> LogFormat.JSON;
            default -> throw env.bad(name, value, "text or json");
        };
    }

    /** H2 or PostgreSQL ({@link Dialect}); the value is echoed without its query, where a password may be. */
    private static String dbUrl(Env env, String name) {
        String value = env.raw(name);
        if (value == null) {
            return null;
        }
        try {
            Dialect.of(value);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(name + ": '" + OpenFailures.shown(value) + "' is not valid; expected a JDBC"
                    + " URL starting with jdbc:h2: or jdbc:postgresql:,"
                    + " such as jdbc:postgresql://db:5432/flowrun.");
        }
        return value;
    }
}
