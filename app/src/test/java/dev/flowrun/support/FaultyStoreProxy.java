package dev.flowrun.support;

import dev.flowrun.work.DaemonThreads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * A TCP proxy between the service and an S3 endpoint (S3Proxy) that makes the store misbehave as real ones do: every
 * n-th request is answered by the proxy itself, without reaching the store, with a 503 {@code SlowDown}, a 500
 * {@code InternalError} or a reset connection, in turn; every answer may be held back for a set time (a slow
 * store); chosen answers may be edited. One request per connection ({@code Connection: close} both ways), so requests are counted exactly without
 * parsing bodies. The request's own Host header is passed on unchanged: the client signed it.
 */
public final class FaultyStoreProxy implements AutoCloseable {
    public enum Fault { SLOW_DOWN, INTERNAL_ERROR, RESET }

    private final ServerSocket server;
    private final int upstreamPort;
    private final ExecutorService threads = Executors.newCachedThreadPool(DaemonThreads.named("faulty-store-proxy"));
    private final AtomicInteger requests = new AtomicInteger();
    private final List<String> faulted = Collections.synchronizedList(new ArrayList<>());
    private volatile int failEvery;
    private volatile Duration delay = Duration.ZERO;
    private volatile String editedRequests;
    private volatile java.util.function.Predicate<String> losing = line -> false;
    private final AtomicInteger answersToLose = new AtomicInteger();
    private volatile UnaryOperator<String> edit;

    /** In front of {@code upstream} (an {@code http://host:port} endpoint); passes everything on until told. */
    public FaultyStoreProxy(String upstream) {
        this.upstreamPort = java.net.URI.create(upstream).getPort();
        try {
            server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        threads.execute(this::accept);
    }

    public String endpoint() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** Every {@code n}-th request from now on fails (0: none). */
    public FaultyStoreProxy failEvery(int n) {
        failEvery = n;
        return this;
    }

    /** Every answer comes this much later (a slow store). */
    public FaultyStoreProxy delay(Duration delay) {
        this.delay = delay;
        return this;
    }

    /**
     * The body of every answer to a request whose request line contains {@code marker} goes through {@code edit}
     * first: an answer as another store would give it (S3Proxy, say, tells no upload's true start).
     */
    public FaultyStoreProxy editAnswers(String marker, UnaryOperator<String> edit) {
        this.edit = edit;
        this.editedRequests = marker;
        return this;
    }

    /**
     * The next {@code count} requests whose request line matches {@code which} reach the store, which acts on them,
     * but its answer is lost: the connection is reset instead (a store node or balancer failing after the work).
     */
    public FaultyStoreProxy loseAnswers(java.util.function.Predicate<String> which, int count) {
        losing = which;
        answersToLose.set(count);
        return this;
    }

    public int requests() {
        return requests.get();
    }

    /** The request lines answered with a fault, each as {@code FAULT METHOD /path}. */
    public List<String> faulted() {
        synchronized (faulted) {
            return List.copyOf(faulted);
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                threads.execute(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            String head = readHead(in);
            if (head == null) {
                return;
            }
            int number = requests.incrementAndGet();
            int every = failEvery;
            if (every > 0 && number % every == 0) {
                Fault fault = Fault.values()[(number / every) % Fault.values().length];
                faulted.add(fault + " " + head.lines().findFirst().orElse(""));
                answerWith(fault, client, in, head);
                return;
            }
            long wait = delay.toMillis();
            if (wait > 0) {
                Thread.sleep(wait);
            }
            try (Socket upstream = new Socket(InetAddress.getLoopbackAddress(), upstreamPort)) {
                OutputStream toStore = upstream.getOutputStream();
                toStore.write(closing(head).getBytes(StandardCharsets.ISO_8859_1));
                toStore.flush();
                // The body (if any) goes on while the answer comes back; the store closes after its answer.
                threads.execute(() -> pump(in, toStore));
                String line = head.lines().findFirst().orElse("");
                if (losing.test(line) && answersToLose.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    upstream.getInputStream().readAllBytes();
                    faulted.add("LOST_ANSWER " + line);
                    client.setSoLinger(true, 0);
                    return;
                }
                String marker = editedRequests;
                if (marker != null && head.lines().findFirst().orElse("").contains(marker)) {
                    client.getOutputStream().write(edited(upstream.getInputStream().readAllBytes(), edit));
                } else {
                    upstream.getInputStream().transferTo(client.getOutputStream());
                }
            }
        } catch (IOException e) {
            // A side went away: the client sees its connection end, as it would with a real store.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void answerWith(Fault fault, Socket client, InputStream in, String head) throws IOException {
        if (fault == Fault.RESET) {
            // RST rather than FIN: what a load balancer or a crashed store node does.
            client.setSoLinger(true, 0);
            return;
        }
        // A client that asked to hear first (Expect: 100-continue) has sent no body; another is read to its end, as
        // a store does before it answers, so it is not cut off while sending.
        if (!header(head, "expect").equalsIgnoreCase("100-continue")) {
            String length = header(head, "content-length");
            in.skipNBytes(length.isEmpty() ? 0 : Long.parseLong(length));
        }
        String code = fault == Fault.SLOW_DOWN ? "SlowDown" : "InternalError";
        String status = fault == Fault.SLOW_DOWN ? "503 Slow Down" : "500 Internal Server Error";
        byte[] body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>" + code
                + "</Code><Message>injected by the test's proxy</Message><RequestId>faulty</RequestId></Error>")
                .getBytes(StandardCharsets.UTF_8);
        boolean head0 = head.startsWith("HEAD ");
        String answer = "HTTP/1.1 " + status + "\r\nContent-Type: application/xml\r\nContent-Length: "
                + body.length + "\r\nConnection: close\r\n\r\n";
        OutputStream out = client.getOutputStream();
        out.write(answer.getBytes(StandardCharsets.ISO_8859_1));
        if (!head0) {
            out.write(body);
        }
        out.flush();
    }

    /** A whole answer (read to the store's close) with its body edited, sent with its new length. */
    private static byte[] edited(byte[] answer, UnaryOperator<String> edit) {
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        String head = text.substring(0, end);
        String body = text.substring(end + 4);
        if (header(head + "\r\n", "transfer-encoding").equalsIgnoreCase("chunked")) {
            body = unchunked(body);
        }
        byte[] newBody = edit.apply(body).getBytes(StandardCharsets.ISO_8859_1);
        StringBuilder newHead = new StringBuilder();
        for (String line : head.split("\r\n")) {
            String name = line.toLowerCase(Locale.ROOT);
            if (!name.startsWith("content-length:") && !name.startsWith("transfer-encoding:")) {
                newHead.append(line).append("\r\n");
            }
        }
        newHead.append("Content-Length: ").append(newBody.length).append("\r\n\r\n");
        byte[] headBytes = newHead.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = java.util.Arrays.copyOf(headBytes, headBytes.length + newBody.length);
        System.arraycopy(newBody, 0, out, headBytes.length, newBody.length);
        return out;
    }

    private static String unchunked(String chunked) {
        StringBuilder body = new StringBuilder();
        int at = 0;
        while (true) {
            int lineEnd = chunked.indexOf("\r\n", at);
            int size = Integer.parseInt(chunked.substring(at, lineEnd).split(";")[0].strip(), 16);
            if (size == 0) {
                return body.toString();
            }
            body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
            at = lineEnd + 2 + size + 2;
        }
    }

    private static void pump(InputStream from, OutputStream to) {
        try {
            from.transferTo(to);
        } catch (IOException e) {
            // The exchange ended.
        }
    }

    /** The request head up to and including its blank line, or null if the client closed first. */
    private static String readHead(InputStream in) throws IOException {
        var head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** The head with {@code Connection: close}, so the store ends the connection after its one answer. */
    private static String closing(String head) {
        StringBuilder out = new StringBuilder();
        for (String line : head.split("\r\n")) {
            if (!line.toLowerCase(Locale.ROOT).startsWith("connection:")) {
                out.append(line).append("\r\n");
            }
        }
        return out.append("Connection: close\r\n\r\n").toString();
    }

    /** The value of header {@code name} (lower case), or "" if absent. */
    private static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith(name + ":")) {
                return line.substring(name.length() + 1).strip();
            }
        }
        return "";
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // Closing anyway.
        }
        threads.shutdownNow();
    }
}
