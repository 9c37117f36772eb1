package dev.flowrun.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.Buffer;

/**
 * A real HTTP server on loopback serving input files by path. Paths under {@code /held/} wait until
 * {@link #release()} so a test can hold items mid-download; unknown paths answer 404.
 */
public final class FileServer implements AutoCloseable {
    private final MockWebServer server = new MockWebServer();
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final Map<String, Supplier<MockResponse>> answers = new ConcurrentHashMap<>();
    private final AtomicInteger heldRequests = new AtomicInteger();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    private volatile CountDownLatch gate = new CountDownLatch(1);

    public FileServer() {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                String path = request.getUrl().encodedPath();
                requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
                if (path.startsWith("/held/")) {
                    heldRequests.incrementAndGet();
                    if (!gate.await(60, TimeUnit.SECONDS)) {
                        return new MockResponse.Builder().code(503).build();
                    }
                    path = path.substring("/held".length());
                }
                Supplier<MockResponse> answer = answers.get(path);
                if (answer != null) {
                    return answer.get();
                }
                byte[] bytes = files.get(path);
                if (bytes == null) {
                    return new MockResponse.Builder().code(404).body("not found").build();
                }
                return new MockResponse.Builder().code(200).body(new Buffer().write(bytes)).build();
            }
        });
        try {
            server.start(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public FileServer serve(String path, byte[] bytes) {
        files.put(path, bytes);
        return this;
    }

    /** The bytes in chunks, without Content-Length: a client learns the size only by reading. */
    public FileServer serveChunked(String path, byte[] bytes) {
        answers.put(path, () -> new MockResponse.Builder().code(200).chunkedBody(new Buffer().write(bytes), 64 * 1024).build());
        return this;
    }

    /** Answers with {@code Content-Length: declared} whatever it sends: a careful client refuses on the header alone. */
    public FileServer serveDeclaringLength(String path, byte[] bytes, long declared) {
        answers.put(path, () -> new MockResponse.Builder().code(200).body(new Buffer().write(bytes))
                .setHeader("Content-Length", declared).build());
        return this;
    }

    public String url(String path) {
        return server.url(path).toString();
    }

    /** The same file, answered only once {@link #release()} is called. */
    public String heldUrl(String path) {
        return server.url("/held" + path).toString();
    }

    /** Requests received for {@code path} so far, whatever was answered. */
    public int requests(String path) {
        AtomicInteger count = requests.get(path);
        return count == null ? 0 : count.get();
    }

    public int heldRequests() {
        return heldRequests.get();
    }

    public void release() {
        gate.countDown();
    }

    /** Holds again: later requests under {@code /held/} wait for the next release. */
    public void hold() {
        gate = new CountDownLatch(1);
    }

    @Override
    public void close() {
        release();
        server.close();
    }
}
