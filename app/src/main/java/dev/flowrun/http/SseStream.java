package dev.flowrun.http;

import dev.flowrun.events.EventSink;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * One Server-Sent Events response, written without blocking (the servlet's {@link WriteListener}): no thread waits
 * on a client, whatever its speed. Text waits here until the connection takes it; the hub adds events only while
 * less than {@link #ROOM} bytes wait, so what a slow client costs is bounded. A client that takes nothing for
 * {@link #STALL_MS} ms (or whose connection fails) is let go; it reconnects with its last id. The response ends when
 * {@link #done} completes (Javalin then completes the request).
 */
final class SseStream implements EventSink, WriteListener {
    static final int ROOM = 16 * 1024;
    static final long STALL_MS = 30_000;
    private final ServletOutputStream out;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final ArrayDeque<byte[]> waiting = new ArrayDeque<>();
    private int waitingBytes;
    private boolean flushDue;
    private boolean ending;
    private boolean closed;
    /** When the connection last refused a write without taking what came before; 0 while it keeps up. */
    private long blockedSince;

    SseStream(ServletOutputStream out) {
        this.out = out;
    }

    /** Starts writing (in the request's async mode): the first call to {@link #onWritePossible} comes from here. */
    CompletableFuture<Void> start() {
        out.setWriteListener(this);
        return done;
    }

    @Override
    public synchronized boolean send(String text) {
        if (closed || ending) {
            return false;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        waiting.add(bytes);
        waitingBytes += bytes.length;
        pump();
        return true;
    }

    @Override
    public synchronized void end() {
        ending = true;
        pump();
    }

    @Override
    public synchronized boolean closed() {
        return closed || ending;
    }

    @Override
    public synchronized boolean hasRoom() {
        return !closed && !ending && waitingBytes < ROOM;
    }

    @Override
    public synchronized boolean stalled() {
        return blockedSince != 0 && System.currentTimeMillis() - blockedSince > STALL_MS;
    }

    @Override
    public synchronized void close() {
        closed = true;
        waiting.clear();
        waitingBytes = 0;
        done.complete(null);
    }

    @Override
    public synchronized void onWritePossible() {
        pump();
    }

    @Override
    public synchronized void onError(Throwable failure) {
        close();
    }

    /** Writes while the connection takes it; when it does not, the container calls onWritePossible later. */
    private void pump() {
        if (closed) {
            return;
        }
        try {
            while (out.isReady()) {
                blockedSince = 0;
                if (flushDue) {
                    flushDue = false;
                    out.flush();
                    continue;
                }
                byte[] next = waiting.poll();
                if (next == null) {
                    if (ending) {
                        closed = true;
                        done.complete(null);
                    }
                    return;
                }
                waitingBytes -= next.length;
                out.write(next);
                flushDue = true;
            }
            if (blockedSince == 0) {
                blockedSince = System.currentTimeMillis();
            }
        } catch (IOException | IllegalStateException e) {
            close();
        }
    }
}
