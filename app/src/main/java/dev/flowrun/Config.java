package dev.flowrun;

import dev.flowrun.work.DurationText;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import dev.flowrun.cutout.model.ModelFamily;
import dev.flowrun.cutout.model.ModelStore;
import dev.flowrun.db.Dialect;
import dev.flowrun.db.OpenFailures;
import dev.flowrun.files.StorageConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Everything the service reads from its environment (README, Configuration). Built once at start; a bad value throws
 * {@link ConfigException} naming the variable so start-up stops with one clear line.
 */
public record Config(
        int port,
        Path dataDir,
        String dbUrl,
        String publicUrl,
        String apiKey,
        String adminToken,
        boolean allowPrivateNetworks,
        int workers,
        List<Duration> webhookRetryDelays,
        Duration webhookTimeout,
        Duration urlTtl,
        long maxPixels,
        int pageCacheMb,
        Duration itemTimeout,
        String host,
        LogFormat logFormat,
        Duration outputRetention,
        Duration lease,
        Duration httpIdleTimeout,
        Duration downloadStallTimeout,

        Path bgModel,
        ModelFamily bgModelFamily,
        double reviewBelow,
        StorageConfig storage) {

    public static final List<Duration> DEFAULT_RETRY_DELAYS = List.of(
            Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5));

    /**
     * A legitimate 50 MP image decodes and goes through removeBackground in a few seconds (about 15 s on a 2-core
     * machine loaded 10 times over, measured); two minutes leave a wide margin for a slow machine, while no single
     * file can hold a worker for longer.
     */
    public static final Duration DEFAULT_ITEM_TIMEOUT = Duration.ofMinutes(2);

    /**
     * An instance renews its lease every sixth of it (5 s): a pause of half a minute (a long GC, a frozen VM) does
     * not cost it its work, and the work of one killed is taken over within 35 s, inside the 60 s that README, Several instances promises.
     */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

    /** Jetty's own default: a connection with no request and no progress for this long is closed. */
    public static final Duration DEFAULT_HTTP_IDLE_TIMEOUT = Duration.ofSeconds(30);

    /**
     * A file download whose client takes nothing for this long is closed. The service sees a slow reader's progress
     * only when the kernel's send buffer has room again: at 1 KB/s, with the buffers Linux gives a connection, that is
     * every minute or more, so this is far above the connection idle timeout. A reader holds no thread meanwhile.
     */
    public static final Duration DEFAULT_DOWNLOAD_STALL_TIMEOUT = Duration.ofMinutes(10);

    /** Shorter admin tokens are refused at start-up: the admin token is guessed against over the network. */
    public static final int MIN_ADMIN_TOKEN = 16;

    public static Config fromEnv(Map<String, String> env) {
        var reader = new EnvReader(env);
        Path dataDir = Path.of(reader.string("FLOWRUN_DATA_DIR", "./data"));
        return new Config(
                reader.integer("FLOWRUN_PORT", 8080, 0, 65535),
                dataDir,
                reader.dbUrl("FLOWRUN_DB_URL"),
                reader.url("FLOWRUN_PUBLIC_URL"),
                reader.string("FLOWRUN_API_KEY", null),
                reader.adminToken("FLOWRUN_ADMIN_TOKEN"),
                reader.bool("FLOWRUN_ALLOW_PRIVATE_NETWORKS", false),
                reader.integer("FLOWRUN_WORKERS", Runtime.getRuntime().availableProcessors(), 1, 1024),
                reader.durations("FLOWRUN_WEBHOOK_RETRY_DELAYS", DEFAULT_RETRY_DELAYS, 5),
                reader.duration("FLOWRUN_WEBHOOK_TIMEOUT", Duration.ofSeconds(15)),
                reader.duration("FLOWRUN_URL_TTL", Duration.ofHours(24)),
                reader.longValue("FLOWRUN_MAX_PIXELS", 50_000_000L, 1, Long.MAX_VALUE),
                // Not required by the API: memory for finished runs' rendered pages (RunPageCache); 0 turns it off.
                reader.integer("FLOWRUN_PAGE_CACHE_MB", 16, 0, 4096),
                // Not required by the API: the time an item's decoding and nodes may take (README, Security).
                reader.duration("FLOWRUN_ITEM_TIMEOUT", DEFAULT_ITEM_TIMEOUT),
                reader.host("FLOWRUN_HOST", "0.0.0.0"),
                reader.logFormat("FLOWRUN_LOG_FORMAT"),
                // Unset keeps every file.
                reader.retention("FLOWRUN_OUTPUT_RETENTION"),
                // Not required by the API: how long an instance that stopped answering keeps its work (several instances).
                reader.duration("FLOWRUN_LEASE", DEFAULT_LEASE),
                // Not required by the API: how long a connection may stay silent (Jetty's idle timeout), and how long
                // a file download may go without the client taking a byte (README, Operating it; docs/security.md).
                reader.duration("FLOWRUN_HTTP_IDLE_TIMEOUT", DEFAULT_HTTP_IDLE_TIMEOUT),
                reader.duration("FLOWRUN_DOWNLOAD_STALL_TIMEOUT", DEFAULT_DOWNLOAD_STALL_TIMEOUT),
                reader.path("FLOWRUN_BG_MODEL"),
                // Not required by the API: how to feed a model that is neither ISNet nor U²-Net (ModelFamily).
                reader.modelFamily("FLOWRUN_BG_MODEL_FAMILY"),
                reader.fraction("FLOWRUN_REVIEW_BELOW", 0.5),
                reader.storage());
    }

    /** How log lines are written to standard output (README, Operating it). */
    public enum LogFormat { TEXT, JSON }

    /** How a user gets the model (README, Background removal). */
    public static final String MODEL_FETCH = "java -jar flowrun.jar model fetch isnet";

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
        if (bgModel != null) {
            return bgModel;
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
        return publicUrl != null ? publicUrl : "http://localhost:" + actualPort;
    }

    public static final class ConfigException extends RuntimeException {
        public ConfigException(String message) {
            super(message);
        }
    }

    /** Parses one variable at a time; every failure names the variable and the value. */
    private record EnvReader(Map<String, String> env) {

        String raw(String name) {
            String value = env.get(name);
            return value == null || value.isBlank() ? null : value.trim();
        }

        String string(String name, String fallback) {
            String value = raw(name);
            return value == null ? fallback : value;
        }

        /** A number from 0 to 1, such as 0.5. */
        double fraction(String name, double fallback) {
            String value = raw(name);
            if (value == null) {
                return fallback;
            }
            // Plain decimals only: Java would also read "0.5d", "NaN" and hexadecimal.
            if (value.matches("\\d+(\\.\\d+)?|\\.\\d+") && Double.parseDouble(value) <= 1) {
                return Double.parseDouble(value);
            }
            throw bad(name, value, "a number from 0 to 1, such as 0.5");
        }

        String adminToken(String name) {
            String value = raw(name);
            if (value != null && value.length() < MIN_ADMIN_TOKEN) {
                // The token itself is never echoed: the line goes to logs.
                throw new ConfigException(name + ": the admin token is " + value.length()
                        + (value.length() == 1 ? " character" : " characters") + " long; it must be"
                        + " at least " + MIN_ADMIN_TOKEN + " (openssl rand -hex 24 makes one)");
            }
            return value;
        }

        int integer(String name, int fallback, int min, int max) {
            return (int) longValue(name, fallback, min, max);
        }

        long longValue(String name, long fallback, long min, long max) {
            String value = raw(name);
            if (value == null) {
                return fallback;
            }
            try {
                long parsed = Long.parseLong(value);
                if (parsed < min || parsed > max) {
                    throw bad(name, value, "a whole number from " + min + " to " + max);
                }
                return parsed;
            } catch (NumberFormatException e) {
                throw bad(name, value, "a whole number from " + min + " to " + max);
            }
        }

        Path path(String name) {
            return parsed(name, Path::of, refused -> "a file path");
        }

        ModelFamily modelFamily(String name) {
            return parsed(name, ModelFamily::parse, IllegalArgumentException::getMessage);
        }

        /** What {@code parse} makes of the value, null when unset; {@code rule} says what it takes when it throws. */
        <T> T parsed(String name, Function<String, T> parse, Function<IllegalArgumentException, String> rule) {
            String value = raw(name);
            if (value == null) {
                return null;
            }
            try {
                return parse.apply(value);
            } catch (IllegalArgumentException e) {
                throw bad(name, value, rule.apply(e));
            }
        }

        boolean bool(String name, boolean fallback) {
            String value = raw(name);
            if (value == null) {
                return fallback;
            }
            return switch (value.toLowerCase()) {
                case "true" -> true;
                case "false" -> false;
                default -> throw bad(name, value, "true or false");
            };
        }

        /** An address of this machine to bind: an IP literal ({@code [::1]} or {@code ::1}) or a name of one. */
        String host(String name, String fallback) {
            String value = raw(name);
            if (value == null) {
                return fallback;
            }
            String expected = "an address of this machine such as 0.0.0.0 (every interface) or 127.0.0.1";
            String literal = value.startsWith("[") && value.endsWith("]") ? value.substring(1, value.length() - 1)
                    : value;
            if (!literal.matches("[A-Za-z0-9.:%_-]+")) {
                throw bad(name, value, expected);
            }
            try {
                InetAddress address = InetAddress.getByName(literal);
                // Caught here rather than at bind time, so the one line names the variable.
                if (!address.isAnyLocalAddress() && !address.isLoopbackAddress()
                        && NetworkInterface.getByInetAddress(address) == null) {
                    throw bad(name, value, expected);
                }
            } catch (UnknownHostException | SocketException e) {
                throw bad(name, value, expected);
            }
            return literal;
        }

        LogFormat logFormat(String name) {
            String value = raw(name);
            if (value == null) {
                return LogFormat.TEXT;
            }
            return switch (value.toLowerCase()) {
                case "text" -> LogFormat.TEXT;
                case "json" -> LogFormat.JSON;
                default -> throw bad(name, value, "text or json");
            };
        }

        /** H2 or PostgreSQL ({@link Dialect}); the value is echoed without its query, where a password may be. */
        String dbUrl(String name) {
            String value = raw(name);
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

        String url(String name) {
            String value = raw(name);
            if (value == null) {
                return null;
            }
            try {
                var uri = java.net.URI.create(value);
                if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                        || uri.getQuery() != null || uri.getFragment() != null) {
                    throw bad(name, value, "an http(s) URL such as https://flowrun.example.com");
                }
            } catch (IllegalArgumentException e) {
                throw bad(name, value, "an http(s) URL such as https://flowrun.example.com");
            }
            return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
        }

        Duration duration(String name, Duration fallback) {
            String value = raw(name);
            if (value == null) {
                return fallback;
            }
            Duration parsed = DurationText.parse(value);
            if (parsed == null || parsed.isZero()) {
                throw bad(name, value, "a positive duration such as 500ms, 15s, 5m or 2h");
            }
            return parsed;
        }

        /** An age such as {@code 30d} or {@code 12h}: the units of {@link #duration} and days; null when unset. */
        Duration retention(String name) {
            String value = raw(name);
            if (value == null) {
                return null;
            }
            Duration parsed = value.matches("\\d{1,7}d") ? Duration.ofDays(Long.parseLong(value.substring(0,
                    value.length() - 1))) : DurationText.parse(value);
            if (parsed == null || parsed.isZero()) {
                throw bad(name, value, "a positive age such as 30d, 12h or 90m");
            }
            return parsed;
        }

        List<Duration> durations(String name, List<Duration> fallback, int count) {
            String value = raw(name);
            if (value == null) {
                return fallback;
            }
            String[] parts = value.split(",", -1);
            List<Duration> result = new ArrayList<>();
            for (String part : parts) {
                Duration parsed = DurationText.parse(part.trim());
                if (parsed == null) {
                    throw bad(name, value, count + " comma-separated durations such as 5s,5m,30m,2h,5h");
                }
                result.add(parsed);
            }
            if (result.size() != count) {
                throw bad(name, value, count + " comma-separated durations such as 5s,5m,30m,2h,5h");
            }
            return List.copyOf(result);
        }

        /** FLOWRUN_STORAGE and, for an object store, FLOWRUN_S3_* and the AWS credentials (README, Several instances). */
        StorageConfig storage() {
            String value = raw("FLOWRUN_STORAGE");
            if (value == null || value.equals("file")) {
                return StorageConfig.FILE;
            }
            String[] location;
            try {
                location = StorageConfig.parseLocation(value);
            } catch (IllegalArgumentException e) {
                throw bad("FLOWRUN_STORAGE", value, e.getMessage());
            }
            String endpoint = url("FLOWRUN_S3_ENDPOINT");
            String region = raw("FLOWRUN_S3_REGION");
            if (region != null && !region.matches("[a-z0-9-]{1,40}")) {
                throw bad("FLOWRUN_S3_REGION", region, "a region name such as us-east-1");
            }
            // A store of one's own (MinIO, Ceph, S3Proxy) seldom has a DNS name per bucket; AWS S3 prefers one.
            boolean pathStyle = bool("FLOWRUN_S3_PATH_STYLE", endpoint != null);
            String keyId = raw("AWS_ACCESS_KEY_ID");
            String secret = raw("AWS_SECRET_ACCESS_KEY");
            if ((keyId == null) != (secret == null)) {
                throw new ConfigException((keyId == null ? "AWS_ACCESS_KEY_ID" : "AWS_SECRET_ACCESS_KEY")
                        + " is not set, but " + (keyId == null ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID")
                        + " is: set both or neither (then the AWS SDK's default credentials are used).");
            }
            return new StorageConfig(location[0], location[1], endpoint, region, pathStyle, keyId, secret,
                    keyId == null ? null : raw("AWS_SESSION_TOKEN"));
        }

        private ConfigException bad(String name, String value, String expected) {
            return new ConfigException(name + ": '" + value + "' is not valid; expected " + expected + ".");
        }
    }
}
