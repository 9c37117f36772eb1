package dev.flowrun.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A POST over a plain socket whose body is written on another thread while the answer is read, as curl does: a
 * server may answer (413, say) before the body is all sent, and a client that only reads once it has written
 * everything would see a broken pipe instead. {@link #cut} sends part of a body and then goes away.
 */
public final class StreamingPost {
    private StreamingPost() {
    }

    public static Reply send(int port, String path, String authorization, String contentType, long length,
                             InputStream body) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(120_000);
            OutputStream out = socket.getOutputStream();
            out.write(head(path, authorization, contentType, length));
            Thread writer = new Thread(() -> {
                try (body) {
                    body.transferTo(out);
                    out.flush();
                } catch (IOException e) {
                    // The server stopped reading and answered: what it answered is what the test looks at.
                }
            }, "streaming-post");
            writer.setDaemon(true);
            writer.start();
            return RawHttp.read(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends the head and the first {@code bytes} of the body, waits for {@code whileOpen}, then closes the socket. */
    public static void cut(int port, String path, String authorization, String contentType, long length,
                           InputStream body, long bytes, Runnable whileOpen) {
        try (Socket socket = new Socket("127.0.0.1", port); body) {
            OutputStream out = socket.getOutputStream();
            out.write(head(path, authorization, contentType, length));
            byte[] buffer = new byte[64 * 1024];
            for (long sent = 0; sent < bytes; ) {
                int n = body.read(buffer, 0, (int) Math.min(buffer.length, bytes - sent));
                out.write(buffer, 0, n);
                sent += n;
            }
            out.flush();
            whileOpen.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] head(String path, String authorization, String contentType, long length) {
        return ("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + authorization
                + "\r\nContent-Type: " + contentType + "\r\nContent-Length: " + length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.UTF_8);
    }
}
