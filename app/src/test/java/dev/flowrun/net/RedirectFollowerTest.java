package dev.flowrun.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Redirects followed one hop at a time: each hop checked again, at most five, never down from https. */
class RedirectFollowerTest {
    @AutoClose
    final Server http = new Server(null);
    final HeldCertificate certificate = new HeldCertificate.Builder().addSubjectAlternativeName("localhost").build();
    @AutoClose
    final Server https = new Server(certificate);
    /** Loopback allowed, so the servers here can be reached; 127.0.0.2 refused, to stand for a private address. */
    final OkHttpClient client = OutboundGuard.guarded(new OkHttpClient.Builder(), Dns.SYSTEM, this::refuse127002)
            .sslSocketFactory(trust().sslSocketFactory(), trust().trustManager())
            .callTimeout(Duration.ofSeconds(10))
            .build();
    final RedirectFollower follower = new RedirectFollower(client);

    @Test
    void followsFiveRedirectsAndRefusesTheSixth() throws IOException {
        http.redirectChain(5);
        assertThat(get(http.url("/hop/5"))).isEqualTo("arrived");
        http.redirectChain(6);
        assertThatThrownBy(() -> get(http.url("/hop/6"))).isInstanceOf(RedirectRefused.class)
                .hasMessage("too many redirects (more than 5)");
        assertThat(http.requests("/hop/0")).as("the sixth redirect's target").isEqualTo(1);
    }

    @Test
    void everyHopIsCheckedByTheGuardAgain() {
        String target = "http://127.0.0.2:" + http.port() + "/target";
        http.on("/start", request -> redirect(target));
        assertThatThrownBy(() -> get(http.url("/start").replace("localhost", "127.0.0.1")))
                .isInstanceOf(BlockedAddress.class)
                .hasMessageStartingWith("refused: 127.0.0.2 is a test-refused address (FLOWRUN_ALLOW_PRIVATE_NETWORKS=true");
        assertThat(http.requests("/start")).isEqualTo(1);
        assertThat(http.requests("/target")).as("requests that reached the refused hop").isZero();
    }

    @Test
    void aHopToANonCanonicalNumericHostIsRefused() {
        http.on("/start", request -> redirect("http://2130706433:" + http.port() + "/target"));
        assertThatThrownBy(() -> get(http.url("/start"))).isInstanceOf(BlockedAddress.class)
                .hasMessageStartingWith("refused: '2130706433' is a numeric host in a non-canonical form");
        assertThat(http.requests("/target")).isZero();
    }

    @Test
    void neverFromHttpsDownToHttp() {
        https.on("/start", request -> redirect(http.url("/target")));
        assertThatThrownBy(() -> get(https.url("/start"))).isInstanceOf(RedirectRefused.class)
                .hasMessage("redirect from https to http refused (to " + http.url("/target") + ")");
        assertThat(http.requests("/target")).isZero();
    }

    @Test
    void upFromHttpToHttpsIsFine() throws IOException {
        http.on("/start", request -> redirect(https.url("/target")));
        https.on("/target", request -> new MockResponse.Builder().body("secure").build());
        assertThat(get(http.url("/start"))).isEqualTo("secure");
    }

    @Test
    void onlyToHttpOrHttpsUrls() {
        for (String location : new String[] {"ftp://example.com/a.png", "file:///etc/passwd", "javascript:alert(1)"}) {
            http.on("/start", request -> redirect(location));
            assertThatThrownBy(() -> get(http.url("/start"))).as(location).isInstanceOf(RedirectRefused.class)
                    .hasMessage("redirect to '" + location + "' refused: not an http(s) URL");
        }
    }

    @Test
    void relativeLocationsResolveAndA3xxWithoutLocationIsTheAnswer() throws IOException {
        http.on("/a/start", request -> redirect("../b/target"));
        http.on("/b/target", request -> new MockResponse.Builder().code(303).build());
        try (Response response = follower.get(new Request.Builder().url(http.url("/a/start")).build())) {
            assertThat(response.code()).isEqualTo(303);
            assertThat(response.request().url().encodedPath()).isEqualTo("/b/target");
        }
    }

    @Test
    void credentialsAreNotCarriedToAnotherHost() throws IOException {
        http.on("/start", request -> redirect(http.url("/target").replace("localhost", "127.0.0.1")));
        get(http.url("/start"), "Bearer secret");
        assertThat(http.last("/start").getHeaders().get("Authorization")).isEqualTo("Bearer secret");
        assertThat(http.last("/target").getHeaders().get("Authorization")).isNull();
    }

    @Test
    void theCallTimeoutBoundsTheWholeChainNotEachHop() {
        OkHttpClient slowBudget = client.newBuilder().callTimeout(Duration.ofMillis(900)).build();
        http.redirectChain(5);
        http.delayEachAnswer(300);
        // Each hop takes 300 ms, well inside 900 ms; six of them do not.
        assertThatThrownBy(() -> get(new RedirectFollower(slowBudget), http.url("/hop/5")))
                .isInstanceOf(InterruptedIOException.class);
    }

    private String get(String url) throws IOException {
        return get(follower, url);
    }

    private String get(String url, String authorization) throws IOException {
        try (Response response = follower.get(new Request.Builder().url(url).header("Authorization", authorization).build())) {
            return response.body().string();
        }
    }

    private static String get(RedirectFollower follower, String url) throws IOException {
        try (Response response = follower.get(new Request.Builder().url(url).build())) {
            return response.body().string();
        }
    }

    private Optional<AddressPolicy.Refusal> refuse127002(InetAddress address) {
        return address.getHostAddress().equals("127.0.0.2")
                ? Optional.of(new AddressPolicy.Refusal("127.0.0.2", "a test-refused address")) : Optional.empty();
    }

    private HandshakeCertificates trust() {
        return new HandshakeCertificates.Builder().addTrustedCertificate(certificate.certificate()).build();
    }

    private static MockResponse redirect(String location) {
        return new MockResponse.Builder().code(302).setHeader("Location", location).build();
    }

    /** A server on every local address answering by path; {@code /hop/N} redirects to {@code /hop/N-1}. */
    static final class Server implements AutoCloseable {
        private final MockWebServer server = new MockWebServer();
        private final Map<String, Function<RecordedRequest, MockResponse>> rules = new ConcurrentHashMap<>();
        private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        private final Map<String, RecordedRequest> last = new ConcurrentHashMap<>();
        private volatile long delayMillis;

        Server(HeldCertificate certificate) {
            if (certificate != null) {
                server.useHttps(new HandshakeCertificates.Builder().heldCertificate(certificate).build().sslSocketFactory());
            }
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    String path = request.getUrl().encodedPath();
                    counts.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
                    last.put(path, request);
                    MockResponse response = rules.getOrDefault(path, r -> new MockResponse.Builder().code(404).build())
                            .apply(request);
                    return response.newBuilder().headersDelay(delayMillis, TimeUnit.MILLISECONDS).build();
                }
            });
            try {
                server.start(InetAddress.getByName("::"), 0);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        void on(String path, Function<RecordedRequest, MockResponse> rule) {
            rules.put(path, rule);
        }

        void redirectChain(int length) {
            for (int i = length; i > 0; i--) {
                on("/hop/" + i, redirect("/hop/" + (i - 1)));
            }
            on("/hop/0", request -> new MockResponse.Builder().body("arrived").build());
        }

        private void on(String path, MockResponse response) {
            rules.put(path, request -> response);
        }

        void delayEachAnswer(long millis) {
            delayMillis = millis;
        }

        int port() {
            return server.getPort();
        }

        String url(String path) {
            return server.url(path).newBuilder().host("localhost").build().toString();
        }

        int requests(String path) {
            return counts.getOrDefault(path, new AtomicInteger()).get();
        }

        RecordedRequest last(String path) {
            return last.get(path);
        }

        @Override
        public void close() {
            server.close();
        }
    }
}
