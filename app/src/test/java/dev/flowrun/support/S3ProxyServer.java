package dev.flowrun.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * S3Proxy (a real S3 endpoint over a directory) in a JVM of its own, from the jar Maven copied before the tests
 * ({@code flowrun.s3proxyJar}). {@link #shared()} is one for the whole test JVM, each test taking buckets of its own;
 * a test that stops the store ({@link #stop}, {@link #start}) starts one of its own with {@link #startNew()}.
 */
public final class S3ProxyServer implements AutoCloseable {
    public static final String ACCESS_KEY = "flowrun-test-access";
    public static final String SECRET_KEY = "flowrun-test-secret";
    private static S3ProxyServer shared;
    private final Path dir;
    private final int port;
    private Process process;
    private S3Client client;

    /** A new directory and a free port of its own: it keeps both across {@link #stop} and {@link #start}. */
    private S3ProxyServer() throws IOException {
        this.dir = Files.createTempDirectory("flowrun-s3proxy");
        this.port = freePort();
    }

    public static synchronized S3ProxyServer shared() {
        if (shared == null) {
            shared = startNew();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close));
        }
        return shared;
    }

    public static S3ProxyServer startNew() {
        try {
            var server = new S3ProxyServer();
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts (again) on the same port and directory: the buckets and objects are still there. */
    public synchronized void start() {
        String jar = System.getProperty("flowrun.s3proxyJar");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new AssertionError("no S3Proxy jar at " + jar + ": run the tests through Maven, which copies it");
        }
        try {
            Path data = Files.createDirectories(dir.resolve("data"));
            Path properties = dir.resolve("s3proxy.properties");
            Files.writeString(properties, String.join("\n",
                    "s3proxy.endpoint=" + endpoint(),
                    "s3proxy.authorization=aws-v2-or-v4",
                    "s3proxy.identity=" + ACCESS_KEY,
                    "s3proxy.credential=" + SECRET_KEY,
                    "jclouds.provider=filesystem-nio2",
                    "jclouds.identity=local",
                    "jclouds.credential=local",
                    "jclouds.filesystem.basedir=" + data,
                    ""));
            process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar, "--properties", properties.toString()))
                    .redirectErrorStream(true).redirectOutput(dir.resolve("s3proxy.log").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Await.until("S3Proxy to answer on port " + port, Duration.ofSeconds(90), () -> {
            if (!process.isAlive()) {
                throw new AssertionError("S3Proxy exited: " + log());
            }
            return answers();
        });
    }

    /** Ends the process (SIGKILL): the store is unreachable until {@link #start}. */
    public synchronized void stop() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** A new empty bucket. */
    public String newBucket() {
        String bucket = "flowrun-" + UUID.randomUUID().toString().substring(0, 13);
        client().createBucket(b -> b.bucket(bucket));
        return bucket;
    }

    /** The variables that put a service's files into {@code bucket} under {@code prefix}. */
    public Map<String, String> env(String bucket, String prefix) {
        Map<String, String> env = new HashMap<>();
        env.put("FLOWRUN_STORAGE", "s3://" + bucket + "/" + prefix);
        env.put("FLOWRUN_S3_ENDPOINT", endpoint());
        env.put("FLOWRUN_S3_REGION", "us-east-1");
        env.put("AWS_ACCESS_KEY_ID", ACCESS_KEY);
        env.put("AWS_SECRET_ACCESS_KEY", SECRET_KEY);
        return env;
    }

    /**
     * The keys of every object in {@code bucket}, to see what the service stored; without the folder markers
     * S3Proxy's directory backend lists (keys ending in a slash), which no S3 client writes here.
     */
    public List<String> keys(String bucket) {
        return client().listObjectsV2Paginator(b -> b.bucket(bucket)).contents().stream().map(S3Object::key)
                .filter(key -> !key.endsWith("/")).toList();
    }

    /** A client of the tests' own, as an operator's tools would look at the bucket. */
    public synchronized S3Client client() {
        if (client == null) {
            client = S3Client.builder()
                    .httpClientBuilder(UrlConnectionHttpClient.builder())
                    .endpointOverride(URI.create(endpoint()))
                    .region(Region.US_EAST_1)
                    .forcePathStyle(true)
                    .credentialsProvider(StaticCredentialsProvider.create(
                            AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                    .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                    .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                    .build();
        }
        return client;
    }

    public String log() {
        try {
            return Files.readString(dir.resolve("s3proxy.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private boolean answers() {
        try {
            var connection = (HttpURLConnection) URI.create(endpoint() + "/").toURL().openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(2000);
            try {
                return connection.getResponseCode() > 0;
            } finally {
                connection.disconnect();
            }
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public synchronized void close() {
        if (client != null) {
            client.close();
            client = null;
        }
        stop();
    }
}
