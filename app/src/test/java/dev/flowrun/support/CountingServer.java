package dev.flowrun.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP server on every local address (the IPv6 wildcard, which takes IPv4 too) that counts the TCP connections
 * it accepts, not only the requests: the outbound guard must refuse before connecting, and a connection opened
 * and dropped without a request would not show in MockWebServer's request count. Answers every request 200 with
 * one fixed body.
 */
public final class CountingServer implements AutoCloseable {
    private final ServerSocket socket;
    private final AtomicInteger connections = new AtomicInteger();
    private final byte[] body;
    private final Thread acceptor;

    public CountingServer(byte[] body) {
        this.body = body;
        try {
            socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getByName("::"), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        acceptor = new Thread(this::accept, "counting-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** TCP connections accepted so far, whether or not a request followed. */
    public int connections() {
        return connections.get();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try (Socket client = socket.accept()) {
                connections.incrementAndGet();
                client.setSoTimeout(5_000);
                readHead(client.getInputStream());
                OutputStream out = client.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " + body.length
                        + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
            } catch (IOException e) {
                // A client that went away, or the socket closed by close(): either way, next connection.
            }
        }
    }

    /** Reads up to the blank line that ends a request's head (these requests have no body). */
    private static void readHead(InputStream in) throws IOException {
        int last4 = 0;
        for (int b; (b = in.read()) >= 0; ) {
            last4 = (last4 << 8) | b;
            if (last4 == 0x0d0a0d0a) {
                return;
            }
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
            acceptor.join(5_000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
