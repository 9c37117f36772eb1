package dev.flowrun.input;

import dev.flowrun.files.DirectoryStore;
import dev.flowrun.files.FileStore;
import dev.flowrun.net.LazyClient;
import dev.flowrun.net.OutboundGuard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import okio.Buffer;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Downloading one input: what the item's download_failed message says for each rule that stops it. */
class InputFetcherTest {
    @AutoClose
    final MockWebServer server = new MockWebServer();
    @TempDir
    Path dir;

    @Test
    void aRefusedAddressNamesTheRuleAndNothingIsWritten() {
        InputFetcher guarded = fetcher(OutboundGuard.baseClient(false));
        assertThatThrownBy(() -> guarded.fetch("http://10.0.0.5/a.png", "in/a.png")).isInstanceOf(DownloadFailed.class)
                .hasMessage("GET http://10.0.0.5/a.png: refused: 10.0.0.5 is a private address (10.0.0.0/8)"
                        + " (FLOWRUN_ALLOW_PRIVATE_NETWORKS=true allows loopback and private addresses, for local testing)");
        assertThatThrownBy(() -> guarded.fetch("http://169.254.169.254/latest/meta-data/", "in/b"))
                .hasMessage("GET http://169.254.169.254/latest/meta-data/: refused: 169.254.169.254 is a link-local"
                        + " address (169.254.0.0/16) (FLOWRUN_ALLOW_PRIVATE_NETWORKS=true allows loopback and private"
                        + " addresses, for local testing)");
        assertThatThrownBy(() -> guarded.fetch("http://[fd00::1]/a.png", "in/c"))
                .hasMessage("GET http://[fd00::1]/a.png: refused: fd00::1 is a unique local address (fc00::/7)"
                        + " (FLOWRUN_ALLOW_PRIVATE_NETWORKS=true allows loopback and private addresses, for local testing)");
        assertThatThrownBy(() -> guarded.fetch("http://0x7f.1/a.png", "in/d"))
                .hasMessageStartingWith("GET http://0x7f.1/a.png: refused: '0x7f.1' is a numeric host in a non-canonical form");
        assertThat(new DirectoryStore(dir).exists("in/a.png")).isFalse();
    }

    @Test
    void aNameResolvingToLoopbackIsRefusedBeforeAnyConnection() throws IOException {
        server.start(0);
        String url = server.url("/a.png").newBuilder().host("localhost").build().toString();
        assertThatThrownBy(() -> fetcher(OutboundGuard.baseClient(false)).fetch(url, "in/a.png"))
                .hasMessageContaining(": refused: localhost resolves to ").hasMessageContaining("FLOWRUN_ALLOW_PRIVATE_NETWORKS");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void fiveRedirectsAreFollowedAndASixthFailsTheDownload() throws Exception {
        for (int hops : new int[] {5, 6}) {
            for (int i = hops; i > 0; i--) {
                server.enqueue(new MockResponse.Builder().code(301).setHeader("Location", "/hop/" + (i - 1)).build());
            }
            server.enqueue(new MockResponse.Builder().body("image bytes").build());
        }
        server.start(0);
        InputFetcher fetcher = fetcher(OutboundGuard.baseClient(true));
        fetcher.fetch(server.url("/hop/5").toString(), "in/five");
        assertThat(Files.readString(new DirectoryStore(dir).path("in/five"))).isEqualTo("image bytes");
        String six = server.url("/hop/6").toString();
        assertThatThrownBy(() -> fetcher.fetch(six, "in/six")).hasMessage("GET " + six + ": too many redirects (more than 5)");
    }

    @Test
    void fiftyMebibytesPassAndOneByteMoreFailsWhileStreaming() throws Exception {
        // Chunked, so no Content-Length warns the fetcher: the cap holds while counting what arrives.
        server.enqueue(new MockResponse.Builder().chunkedBody(bytes(InputFetcher.MAX_BYTES), 1 << 20).build());
        server.enqueue(new MockResponse.Builder().chunkedBody(bytes(InputFetcher.MAX_BYTES + 1), 1 << 20).build());
        server.start(0);
        InputFetcher fetcher = fetcher(OutboundGuard.baseClient(true));
        fetcher.fetch(server.url("/exact").toString(), "in/exact");
        assertThat(new DirectoryStore(dir).size("in/exact")).isEqualTo(InputFetcher.MAX_BYTES);
        String over = server.url("/over").toString();
        assertThatThrownBy(() -> fetcher.fetch(over, "in/over"))
                .hasMessage("GET " + over + " is larger than the limit of 50 MiB");
        assertThat(new DirectoryStore(dir).exists("in/over")).as("the partial file is discarded").isFalse();
    }

    @Test
    void aDeclaredLengthOverTheLimitFailsWithoutReadingTheBody() throws Exception {
        server.enqueue(new MockResponse.Builder().body("small").setHeader("Content-Length", InputFetcher.MAX_BYTES + 1).build());
        server.start(0);
        String url = server.url("/liar").toString();
        assertThatThrownBy(() -> fetcher(OutboundGuard.baseClient(true)).fetch(url, "in/liar"))
                .hasMessage("GET " + url + " is larger than the limit of 50 MiB");
    }

    @Test
    void aServerThatStallsTimesOut() throws Exception {
        server.enqueue(new MockResponse.Builder().body("slow body").throttleBody(1, 2, TimeUnit.SECONDS).build());
        server.start(0);
        OkHttpClient impatient = DownloadClient.from(OutboundGuard.baseClient(true), Duration.ofSeconds(10),
                Duration.ofMillis(300), Duration.ofMinutes(5));
        String url = server.url("/slow").toString();
        assertThatThrownBy(() -> fetcher(impatient).fetch(url, "in/slow")).hasMessage("GET " + url + " timed out");
    }

    @Test
    void anHttpsServerThatOffersHttp2IsReadOverHttp11AndTimesOutWhenItStalls() throws Exception {
        HeldCertificate certificate = new HeldCertificate.Builder().addSubjectAlternativeName("localhost").build();
        server.useHttps(new HandshakeCertificates.Builder().heldCertificate(certificate).build().sslSocketFactory());
        server.setProtocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1));
        server.enqueue(new MockResponse.Builder().body("fast body").build());
        server.enqueue(new MockResponse.Builder().body("slow body").throttleBody(1, 2, TimeUnit.SECONDS).build());
        server.start(0);
        HandshakeCertificates trust = new HandshakeCertificates.Builder()
                .addTrustedCertificate(certificate.certificate()).build();
        OkHttpClient base = OutboundGuard.baseClient(true).newBuilder()
                .sslSocketFactory(trust.sslSocketFactory(), trust.trustManager()).build();
        InputFetcher fetcher = fetcher(DownloadClient.from(base, Duration.ofSeconds(10), Duration.ofMillis(300),
                Duration.ofMinutes(5)));

        fetcher.fetch(server.url("/fast").toString(), "in/fast");
        assertThat(Files.readString(dir.resolve("in/fast"))).isEqualTo("fast body");
        var fast = server.takeRequest();
        assertThat(fast.getHandshake()).isNotNull();
        assertThat(fast.getVersion()).isEqualTo("HTTP/1.1");
        String slow = server.url("/slow").toString();
        assertThatThrownBy(() -> fetcher.fetch(slow, "in/slow")).hasMessage("GET " + slow + " timed out");
        assertThat(server.takeRequest().getVersion()).isEqualTo("HTTP/1.1");
    }

    private InputFetcher fetcher(OkHttpClient client) {
        return new InputFetcher(LazyClient.of(() -> client), new DirectoryStore(dir));
    }

    private static Buffer bytes(long count) {
        Buffer buffer = new Buffer();
        byte[] block = new byte[1 << 20];
        for (long left = count; left > 0; left -= block.length) {
            buffer.write(block, 0, (int) Math.min(block.length, left));
        }
        return buffer;
    }
}
