package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The crash soak's webhook receiver: HTTPS on loopback with a certificate made by {@code keytool} (the benchmark
 * runs on the fat jar and its own classes, without the test libraries), answering 500 to a share of the requests
 * so retries happen. It keeps, per {@code X-Service-Run-Id}, every request and every acknowledged event.
 */
final class ChaosReceiver implements AutoCloseable {
    static final String PASSWORD = "changeit";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final HttpsServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final Map<Long, List<Long>> requestsAt = new ConcurrentHashMap<>();
    private final Map<Long, List<Acknowledged>> acknowledged = new ConcurrentHashMap<>();
    private final Random random;
    private final double failureShare;

    /** An event the receiver answered 2xx to: when, and what it said. */
    record Acknowledged(long at, JsonNode event) {
    }

    ChaosReceiver(Path folder, long seed, double failureShare) throws IOException, InterruptedException {
        this.random = new Random(seed);
        this.failureShare = failureShare;
        Path keyStore = Certificates.make(folder);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setHttpsConfigurator(new HttpsConfigurator(sslContext(keyStore)));
        server.createContext("/", exchange -> {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            long now = System.currentTimeMillis();
            String header = exchange.getRequestHeaders().getFirst("X-Service-Run-Id");
            long runId = header == null ? -1 : Long.parseLong(header);
            requestsAt.computeIfAbsent(runId, id -> new CopyOnWriteArrayList<>()).add(now);
            boolean fail;
            synchronized (random) {
                fail = random.nextDouble() < failureShare;
            }
            if (!fail) {
                acknowledged.computeIfAbsent(runId, id -> new CopyOnWriteArrayList<>())
                        .add(new Acknowledged(now, MAPPER.readTree(body)));
            }
            exchange.sendResponseHeaders(fail ? 500 : 200, -1);
            exchange.close();
        });
        server.setExecutor(threads);
        server.start();
    }

    /** The JVM options that make a service trust this receiver (the standard trustStore properties: README, Webhooks). */
    static String trustOptions(Path folder) {
        return "-Djavax.net.ssl.trustStore=" + Certificates.trustStore(folder) + " -Djavax.net.ssl.trustStorePassword="
                + PASSWORD + " -Djavax.net.ssl.trustStoreType=PKCS12";
    }

    String url(String path) {
        return "https://localhost:" + server.getAddress().getPort() + path;
    }

    List<Long> requestTimes(long runId) {
        return List.copyOf(requestsAt.getOrDefault(runId, List.of()));
    }

    List<Acknowledged> acknowledged(long runId) {
        return List.copyOf(acknowledged.getOrDefault(runId, List.of()));
    }

    int requestCount() {
        return requestsAt.values().stream().mapToInt(List::size).sum();
    }

    private static SSLContext sslContext(Path keyStore) throws IOException {
        try (InputStream in = Files.newInputStream(keyStore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD.toCharArray());
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, PASSWORD.toCharArray());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    /** A self-signed certificate for localhost, and a trust store holding it, made with the JDK's keytool. */
    private static final class Certificates {
        static Path make(Path folder) throws IOException, InterruptedException {
            Files.createDirectories(folder);
            Path keyStore = folder.resolve("receiver.p12");
            Path certificate = folder.resolve("receiver.pem");
            Files.deleteIfExists(keyStore);
            Files.deleteIfExists(certificate);
            Files.deleteIfExists(trustStore(folder));
            keytool("-genkeypair", "-alias", "receiver", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                    "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "7", "-keystore",
                    keyStore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD);
            keytool("-exportcert", "-alias", "receiver", "-keystore", keyStore.toString(), "-storepass", PASSWORD,
                    "-rfc", "-file", certificate.toString());
            keytool("-importcert", "-noprompt", "-alias", "receiver", "-file", certificate.toString(), "-keystore",
                    trustStore(folder).toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
            return keyStore;
        }

        static Path trustStore(Path folder) {
            return folder.resolve("trust.p12");
        }

        private static void keytool(String... args) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (process.waitFor() != 0) {
                throw new IOException("keytool " + args[0] + " failed: " + output);
            }
        }
    }
}
