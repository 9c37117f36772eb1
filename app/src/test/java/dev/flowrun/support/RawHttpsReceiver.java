package dev.flowrun.support;

import dev.flowrun.work.DaemonThreads;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;

/**
 * A webhook receiver on a plain TLS server socket, written byte by byte so that it can do what real servers do
 * and MockWebServer does not: close a connection after a response without saying so (an HTTP/1.0 server), close
 * a kept-alive connection after an idle timeout without saying so (Node's {@code keepAliveTimeout}), or answer a
 * 2xx that breaks HTTP afterwards (a 204 with a body, a body shorter than its length). {@link Answer} decides
 * each reply from the path and how many requests this run id has made so far. Requests are counted per
 * {@code X-Service-Run-Id}, as a receiver deduplicating events would.
 */
public final class RawHttpsReceiver implements AutoCloseable {
    /** One certificate for every such receiver, so that one trust store serves any number of them. */
    private static final HeldCertificate CERTIFICATE = new HeldCertificate.Builder()
            .addSubjectAlternativeName("localhost").commonName("localhost").build();
    /** How long a new connection may take to send its first request (generous: CI may be loaded). */
    private static final int FIRST_REQUEST_MS = 30_000;

    /** How to answer a request: its path, and which request of its run id it is (from 1). */
    @FunctionalInterface
    public interface Answer {
        Response to(String path, int nthForRun);
    }

    /** The bytes to send, and whether to close the connection after them (without a header saying so). */
    public record Response(String text, boolean close) {
        /** An HTTP/1.1 answer with an empty body; the connection is kept for the next request. */
        public static Response status(int code) {
            return new Response("HTTP/1.1 " + code + " " + reason(code) + "\r\nContent-Length: 0\r\n\r\n", false);
        }

        /** An HTTP/1.0 server's answer: no keep-alive asked, none given; closed right after. */
        public static Response http10(int code) {
            return new Response("HTTP/1.0 " + code + " " + reason(code) + "\r\nContent-Length: 0\r\n\r\n", true);
        }

        private static String reason(int code) {
            return code < 300 ? "OK" : code < 400 ? "Found" : code < 500 ? "Client Error" : "Server Error";
        }
    }

    private final ServerSocket server;
    private final Duration idleTimeout;
    private final Answer answer;
    private final ExecutorService connections = Executors.newCachedThreadPool(
            DaemonThreads.named("raw-https-receiver"));
    private final Map<String, AtomicInteger> requestsByRunId = new ConcurrentHashMap<>();
    private final Map<String, Long> firstArrivalByRunId = new ConcurrentHashMap<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    /**
     * Answers as {@code answer} says; a connection left open waits {@code idleTimeout} for its next request,
     * then is closed without a word.
     */
    public RawHttpsReceiver(Duration idleTimeout, Answer answer) {
        this.idleTimeout = idleTimeout;
        this.answer = answer;
        try {
            var tls = new HandshakeCertificates.Builder().heldCertificate(CERTIFICATE).build();
            server = tls.sslContext().getServerSocketFactory().createServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 512);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        connections.execute(this::accept);
    }

    /** Makes clients built from now on trust these receivers (and only them). */
    public static void trustForNewClients() {
        TestTrust.trustOnly(CERTIFICATE);
    }

    public String url(String path) {
        return "https://localhost:" + server.getLocalPort() + path;
    }

    /** Requests that carried this run id. */
    public int requestsFor(long runId) {
        AtomicInteger count = requestsByRunId.get(Long.toString(runId));
        return count == null ? 0 : count.get();
    }

    /** When the first request for each run id arrived (epoch ms), for latency measurements. */
    public Map<String, Long> firstArrivalByRunId() {
        return Map.copyOf(firstArrivalByRunId);
    }

    /** TCP connections accepted so far. */
    public int connectionsAccepted() {
        return accepted.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                accepted.incrementAndGet();
                open.add(socket);
                connections.execute(() -> serve(socket));
            } catch (IOException e) {
                // Closed by close(), or one failed accept: the loop condition decides.
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setSoTimeout(FIRST_REQUEST_MS);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                in.readNBytes(contentLength(head));
                Response reply = answer.to(path(head), count(header(head, "X-Service-Run-Id")));
                out.write(reply.text().getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                if (reply.close()) {
                    return;
                }
                socket.setSoTimeout((int) idleTimeout.toMillis());
            }
        } catch (SocketTimeoutException e) {
            // Idle for longer than the keep-alive timeout: closed without a word, as real servers do.
        } catch (IOException e) {
            // The client went away.
        } finally {
            open.remove(socket);
        }
    }

    private int count(String runId) {
        if (runId == null) {
            return 0;
        }
        firstArrivalByRunId.putIfAbsent(runId, System.currentTimeMillis());
        return requestsByRunId.computeIfAbsent(runId, id -> new AtomicInteger()).incrementAndGet();
    }

    /** The request line and headers, or null at a clean end of stream before any byte of a request. */
    private String readHead(InputStream in) throws IOException {
        var head = new ByteArrayOutputStream();
        int last4 = 0;
        for (int b; (b = in.read()) >= 0; ) {
            head.write(b);
            last4 = (last4 << 8) | b;
            if (last4 == 0x0d0a0d0a) {
                return head.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private static String path(String head) {
        String target = head.substring(0, head.indexOf("\r\n")).split(" ")[1];
        int query = target.indexOf('?');
        return query < 0 ? target : target.substring(0, query);
    }

    private static int contentLength(String head) {
        String value = header(head, "Content-Length");
        return value == null ? 0 : Integer.parseInt(value);
    }

    private static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Socket socket : open) {
            try {
                socket.close();
            } catch (IOException e) {
                // Closing anyway.
            }
        }
        connections.shutdownNow();
    }
}
