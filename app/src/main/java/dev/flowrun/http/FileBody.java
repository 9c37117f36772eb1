package dev.flowrun.http;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A file response's body, written without blocking (the servlet's {@link WriteListener}): a chunk is read from the
 * file and handed to the connection only when it can take it, so a client reading at 1 KB/s, or not at all, holds
 * no thread while it waits; a few hundred of them leave every thread to the API (docs/security.md, Slow clients).
 * At most one chunk per response waits in memory. {@link #done} completes when the last byte has been taken or the
 * connection failed; Javalin then completes the request.
 */
final class FileBody implements WriteListener {
    static final int CHUNK = 64 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(FileBody.class);
    private final InputStream in;
    private final ServletOutputStream out;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final byte[] buffer;
    private long remaining;

    /** {@code in} holds exactly {@code length} bytes (the file, or the requested range of it); closed at the end. */
    FileBody(InputStream in, long length, ServletOutputStream out) {
        this.in = in;
        this.remaining = length;
        this.out = out;
        this.buffer = new byte[(int) Math.min(CHUNK, Math.max(1, length))];
    }

    /** Starts writing (in the request's async mode): the container calls {@link #onWritePossible} from here on. */
    CompletableFuture<Void> start() {
        out.setWriteListener(this);
        return done;
    }

    @Override
    public synchronized void onWritePossible() {
        try {
            while (out.isReady()) {
                if (remaining == 0) {
                    finish();
                    return;
                }
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, remaining));
                if (n < 0) {
                    // The file shrank under the response (replaced while being read): the length sent is a promise
                    // that cannot be kept, so the connection is cut rather than the body padded.
                    throw new IOException("the file ended " + remaining + " bytes early");
                }
                remaining -= n;
                out.write(buffer, 0, n);
            }
        } catch (IOException | RuntimeException e) {
            onError(e);
        }
    }

    @Override
    public synchronized void onError(Throwable failure) {
        // Mostly a client that went away; nothing to answer it any more. Completing normally lets Jetty end the
        // response, and it closes a connection whose body fell short of its Content-Length.
        LOG.debug("file response ended early: {}", failure.toString());
        closeInput();
        done.complete(null);
    }

    private void finish() {
        closeInput();
        done.complete(null);
    }

    private void closeInput() {
        try {
            in.close();
        } catch (IOException e) {
            LOG.debug("closing a served file: {}", e.toString());
        }
    }
}
