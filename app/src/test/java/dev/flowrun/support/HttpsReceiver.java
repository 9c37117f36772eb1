package dev.flowrun.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;

/**
 * A real HTTPS webhook receiver on loopback. Its certificate is made here and trusted by the service through
 * the standard {@code javax.net.ssl.trustStore} properties (README, Webhooks), set by {@link #trustForNewClients()}
 * before the app starts. Each path answers as its {@link #on} rule says, by the number of the request to it.
 */
public final class HttpsReceiver implements AutoCloseable {
    private final MockWebServer server = new MockWebServer();
    private final HeldCertificate certificate = new HeldCertificate.Builder()
            .addSubjectAlternativeName("localhost").commonName("localhost").build();
    private final Map<String, IntFunction<MockResponse>> rules = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private boolean trusted;
    private final List<RecordedRequest> received = new CopyOnWriteArrayList<>();
    private final Map<String, Long> receivedAtByRunId = new ConcurrentHashMap<>();

    public HttpsReceiver() {
        server.useHttps(new HandshakeCertificates.Builder().heldCertificate(certificate).build().sslSocketFactory());
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                received.add(request);
                String runId = request.getHeaders().get("X-Service-Run-Id");
                if (runId != null) {
                    receivedAtByRunId.putIfAbsent(runId, System.currentTimeMillis());
                }
                String path = request.getUrl().encodedPath();
                int n = counts.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
                return rules.getOrDefault(path, i -> status(200)).apply(n);
            }
        });
        try {
            server.start(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Makes clients built from now on trust this receiver (and only it). */
    /** A receiver whose certificate every app or client started from now on trusts ({@link #trustForNewClients}). */
    public static HttpsReceiver trusted() {
        HttpsReceiver receiver = new HttpsReceiver();
        receiver.trustForNewClients();
        return receiver;
    }

    public void trustForNewClients() {
        TestTrust.trustOnly(certificate);
        trusted = true;
    }

    public static void forgetTrust() {
        TestTrust.forget();
    }

    /** How {@code path} answers its n-th request (n from 1). Unknown paths answer 200. */
    public HttpsReceiver on(String path, IntFunction<MockResponse> rule) {
        rules.put(path, rule);
        return this;
    }

    public static MockResponse status(int code) {
        return new MockResponse.Builder().code(code).body("").build();
    }

    public static MockResponse slow(long millis) {
        return new MockResponse.Builder().code(200).headersDelay(millis, TimeUnit.MILLISECONDS).body("").build();
    }

    public static MockResponse redirect(String location) {
        return new MockResponse.Builder().code(302).setHeader("Location", location).body("").build();
    }

    public String url(String pathAndQuery) {
        return server.url(pathAndQuery).toString();
    }

    /** Requests received on {@code path}, in order. */
    public List<RecordedRequest> requests(String path) {
        List<RecordedRequest> result = new ArrayList<>();
        for (RecordedRequest request : received) {
            if (request.getUrl().encodedPath().equals(path)) {
                result.add(request);
            }
        }
        return result;
    }

    /** When the first request for each run id arrived (epoch ms), for latency measurements. */
    public Map<String, Long> firstArrivalByRunId() {
        return Map.copyOf(receivedAtByRunId);
    }

    public List<RecordedRequest> all() {
        return List.copyOf(received);
    }

    @Override
    /** Stops it, and forgets the trust {@link #trustForNewClients()} set, so later tests start without it. */
    public void close() {
        server.close();
        if (trusted) {
            forgetTrust();
        }
    }
}
