package dev.flowrun.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.Request;
import org.junit.jupiter.api.Test;

/**
 * Clients that read a file slowly, or not at all, hold no thread of the service, and one that keeps reading is
 * never cut (docs/security.md, Slow clients). The readers are raw sockets: the service's writes meet a full
 * connection within the first few megabytes. {@code -Dflowrun.slowReaders=300}
 * runs the larger version of the first test.
 */
class SlowReadersTest {
    static final int READERS = Integer.getInteger("flowrun.slowReaders", 100);
    static final long SIZE = 8L * 1024 * 1024;

    /** Uploads {@code SIZE} bytes and answers the path and query of its signed URL. */
    static String largeFile(TestApp app) {
        Reply uploaded = app.call(new Request.Builder().url(app.baseUrl() + "/uploads")
                .header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(new FormBody().file("file", "large.png", Zips.png(1), SIZE).requestBody()).build());
        assertThat(uploaded.status()).as(uploaded.toString()).isEqualTo(201);
        URI url = URI.create(uploaded.json().path("files").get(0).path("url").asText());
        return url.getRawPath() + "?" + url.getRawQuery();
    }

    /**
     * A GET of {@code target} whose headers have been read; the body is left to the caller, at its own pace.
     * {@code smallBuffer}: a receive buffer of 4 KB, so that hundreds of readers hold little of the file each.
     */
    static Socket startReading(TestApp app, String target, boolean smallBuffer) {
        try {
            Socket socket = new Socket();
            if (smallBuffer) {
                socket.setReceiveBufferSize(4096);
            }
            socket.connect(new InetSocketAddress("127.0.0.1", URI.create(app.baseUrl()).getPort()), 5000);
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String head = head(socket.getInputStream());
            assertThat(head).startsWith("HTTP/1.1 200").containsIgnoringCase("content-length: " + SIZE);
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection closed in the headers: " + head);
            }
            head.write(b);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    /** Reads to the end of the stream (or the first failure); answers the bytes read. */
    static long drain(InputStream in) {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                total += n;
            }
        } catch (IOException e) {
            // A reset: what was read is the answer.
        }
        return total;
    }

    /** Service threads inside a blocking write of a response: one per slow reader, before writes were asynchronous. */
    static long threadsBlockedInWrites() {
        return Thread.getAllStackTraces().values().stream().filter(stack -> {
            for (StackTraceElement frame : stack) {
                if (frame.getClassName().startsWith("org.eclipse.jetty") && frame.getClassName().contains("Blocker")) {
                    return true;
                }
            }
            return false;
        }).count();
    }

    @Test
    void manyReadersThatReadNothingLeaveHealthAndTheApiFast() throws IOException {
        try (TestApp app = TestApp.start()) {
            String target = largeFile(app);
            List<Socket> readers = new ArrayList<>();
            try {
                for (int i = 0; i < READERS; i++) {
                    readers.add(startReading(app, target, true));
                }
                for (int i = 0; i < 20; i++) {
                    long started = System.nanoTime();
                    assertThat(app.get("/health").status()).isEqualTo(200);
                    assertThat(app.get("/workflows").status()).isEqualTo(200);
                    assertThat(Duration.ofNanos(System.nanoTime() - started))
                            .as("/health and /workflows with " + READERS + " stalled downloads")
                            .isLessThan(Duration.ofSeconds(1));
                }
                assertThat(threadsBlockedInWrites()).as("threads held by the readers").isLessThan(5);
            } finally {
                for (Socket reader : readers) {
                    reader.close();
                }
            }
        }
    }

    @Test
    void aReaderAtOneKilobyteASecondIsNotCutByTheIdleTimeout() throws Exception {
        // 3 s rather than less: the upload that makes the file must not be cut on a loaded machine.
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_HTTP_IDLE_TIMEOUT", "3s"))) {
            String target = largeFile(app);
            try (Socket reader = startReading(app, target, false)) {
                InputStream in = reader.getInputStream();
                AtomicLong read = new AtomicLong();
                ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor();
                try {
                    // 256 bytes every 250 ms: 1 KB/s, for three times the idle timeout; then the rest at full speed.
                    pace.scheduleAtFixedRate(() -> {
                        try {
                            read.addAndGet(Math.max(0, in.readNBytes(256).length));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }, 0, 250, TimeUnit.MILLISECONDS);
                    Await.until("9 KB read at 1 KB/s", Duration.ofSeconds(60), read::get, n -> n >= 9 * 1024);
                } finally {
                    pace.shutdownNow();
                    assertThat(pace.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
                }
                assertThat(read.get() + drain(in)).as("bytes received in all").isEqualTo(SIZE);
            }
        }
    }

    @Test
    void aReaderThatTakesNothingForTheStallTimeoutIsLetGo() throws IOException {
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_DOWNLOAD_STALL_TIMEOUT", "1s"))) {
            String target = largeFile(app);
            try (Socket reader = startReading(app, target, false)) {
                // Reading nothing: once the response has waited the stall timeout, the service ends it (and counts it).
                Await.until("the stalled download to be ended", Duration.ofSeconds(30),
                        () -> new String(app.get("/metrics").bytes(), StandardCharsets.UTF_8),
                        metrics -> metrics.lines().anyMatch(line -> line.startsWith("http_server_requests_seconds_count")
                                && line.contains("route=\"/files/*\"")));
                assertThat(drain(reader.getInputStream())).as("bytes received before the cut").isLessThan(SIZE);
            }
        }
    }
}
