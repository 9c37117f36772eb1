package dev.flowrun.http;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * A request's body is gathered as it arrives, without a thread, before the request is handled: the routes read
 * bodies through blocking streams, and a client sending one byte every two seconds would otherwise hold a thread of
 * the server for as long as it sends (270 of them starved {@code /health}). The request is handled once its body is
 * complete, or once {@link #GATHER} bytes of it are here (an upload of a large file then streams on as it comes,
 * from a client that has shown it sends), or once all requests together hold {@link #TOTAL} bytes gathered. A body
 * that sends nothing for the connection's idle timeout ({@code FLOWRUN_HTTP_IDLE_TIMEOUT}) fails as before; one
 * that keeps sending, however slowly, is never cut.
 */
final class BodyArrival extends Handler.Wrapper {
    /** A JSON body whole (1 MiB) and then some: only file uploads are handled before they end. */
    static final int GATHER = Requests.MAX_BODY + 64 * 1024;
    /** What all requests' gathered bodies may hold together, so that many slow ones cannot fill the heap. */
    static final long TOTAL = 64L * 1024 * 1024;
    private final AtomicLong held = new AtomicLong();

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (!hasBody(request) || refusedByLength(request)) {
            return super.handle(request, response, callback);
        }
        new Gathering(request, response, callback).run();
        return true;
    }

    /**
     * A body other than a form, declared over 1 MiB, is refused by its length before it is read (413): handed on at
     * once, the answer comes without a {@code 100 Continue} inviting the body that gathering it would send.
     */
    private static boolean refusedByLength(Request request) {
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        boolean form = type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/");
        return !form && request.getLength() > Requests.MAX_BODY;
    }

    private static boolean hasBody(Request request) {
        return request.getLength() > 0 || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
    }

    /** Reads what has arrived; asks to be called again when more does; hands the request on once it may. */
    private final class Gathering implements Runnable {
        private final Request request;
        private final Response response;
        private final Callback callback;
        private final ArrayDeque<Content.Chunk> chunks = new ArrayDeque<>();
        private long bytes;
        private boolean demanded;

        Gathering(Request request, Response response, Callback callback) {
            this.request = request;
            this.response = response;
            this.callback = callback;
        }

        @Override
        public void run() {
            while (true) {
                Content.Chunk chunk = request.read();
                if (chunk == null) {
                    request.demand(this::arrived);
                    return;
                }
                if (Content.Chunk.isFailure(chunk)) {
                    chunks.add(chunk); // the handler meets it as its read's failure
                    break;
                }
                boolean last = chunk.isLast();
                int size = chunk.remaining();
                // A copy: the connection's buffer goes back to its pool rather than wait for a slow body.
                ByteBuffer copy = ByteBuffer.allocate(size);
                copy.put(chunk.getByteBuffer()).flip();
                chunk.release();
                chunks.add(Content.Chunk.from(copy, last));
                bytes += size;
                long all = held.addAndGet(size);
                if (last || bytes >= GATHER || all >= TOTAL) {
                    break;
                }
            }
            if (demanded) {
                request.getComponents().getExecutor().execute(this::handOn);
            } else {
                handOn();
            }
        }

        /**
         * More of the body is here. The route must not run inside this callback: the connection calls demand callbacks
         * one at a time, so a route reading the rest of a large upload would wait on the very callback it runs in.
         */
        private void arrived() {
            demanded = true;
            run();
        }

        private void handOn() {
            Gathered gathered = new Gathered(request, chunks);
            Callback done = new Callback() {
                @Override
                public void succeeded() {
                    gathered.forget();
                    callback.succeeded();
                }

                @Override
                public void failed(Throwable failure) {
                    gathered.forget();
                    callback.failed(failure);
                }

                @Override
                public InvocationType getInvocationType() {
                    return callback.getInvocationType();
                }
            };
            try {
                if (!BodyArrival.super.handle(gathered, response, done)) {
                    Response.writeError(gathered, response, done, 404);
                }
            } catch (Throwable failure) {
                Response.writeError(gathered, response, done, failure);
            }
        }
    }

    /** The request with its gathered chunks read first. */
    private final class Gathered extends Request.Wrapper {
        private final ArrayDeque<Content.Chunk> chunks;

        Gathered(Request request, ArrayDeque<Content.Chunk> chunks) {
            super(request);
            this.chunks = chunks;
        }

        @Override
        public Content.Chunk read() {
            synchronized (chunks) {
                Content.Chunk next = chunks.peek();
                if (next == null) {
                    return super.read();
                }
                if (Content.Chunk.isFailure(next)) {
                    return next;
                }
                chunks.poll();
                held.addAndGet(-next.remaining());
                return next;
            }
        }

        @Override
        public void demand(Runnable demandCallback) {
            boolean ready;
            synchronized (chunks) {
                ready = !chunks.isEmpty();
            }
            if (ready) {
                demandCallback.run();
            } else {
                super.demand(demandCallback);
            }
        }

        /** What the handler left unread no longer counts once the request is done. */
        void forget() {
            synchronized (chunks) {
                for (Content.Chunk chunk; (chunk = chunks.poll()) != null; ) {
                    if (!Content.Chunk.isFailure(chunk)) {
                        held.addAndGet(-chunk.remaining());
                    }
                }
            }
        }
    }
}
