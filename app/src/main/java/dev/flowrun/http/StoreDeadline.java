package dev.flowrun.http;

import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.work.DaemonThreads;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The time a request may wait for the file store before it is answered 503 (a 503 comes within seconds, never after
 * a long hang: docs/several-instances.md, "With an object store"). The store's own limits are longer, as they must
 * be for background work on a store that is merely slow; so a request's calls run on threads of their own, and a
 * request that stops waiting leaves its call to run out its own limit (never interrupted: an archive being built
 * goes on) and closes what it opens late.
 */
final class StoreDeadline {
    /** At most this many store calls in flight for requests; more get a 503 at once instead of a thread each. */
    private static final int CALLS = 64;

    private final Duration limit;
    private final ThreadPoolExecutor calls = new ThreadPoolExecutor(0, CALLS, 30, TimeUnit.SECONDS,
            new SynchronousQueue<>(), DaemonThreads.named("store-call"));

    StoreDeadline(Duration limit) {
        this.limit = limit;
    }

    /** A budget for one request's store calls, counted from now. */
    Budget start() {
        return new Budget(System.nanoTime() + limit.toNanos());
    }

    private static void closeQuietly(Object late) {
        if (late instanceof Closeable closeable) {
            try {
                closeable.close();
            } catch (IOException ignored) {
                // Nobody reads it: the request it was opened for has been answered.
            }
        }
    }

    interface StoreCall<T> {
        T call() throws IOException;
    }

    final class Budget {
        private final long deadline;

        private Budget(long deadline) {
            this.deadline = deadline;
        }

        /** The call's answer, or its own failure; {@link StorageUnavailable} once the budget is spent. */
        <T> T call(StoreCall<T> call) throws IOException {
            CompletableFuture<T> answer;
            try {
                answer = CompletableFuture.supplyAsync(() -> {
                    try {
                        return call.call();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, calls);
            } catch (RejectedExecutionException e) {
                throw new StorageUnavailable("the file store is not answering: " + CALLS + " calls wait for it", e);
            }
            try {
                return answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                answer.thenAccept(StoreDeadline::closeQuietly);
                // No cause: the framework answers any failure caused by a TimeoutException 408, and this is a 503.
                throw new StorageUnavailable("the file store did not answer within " + limit.toSeconds() + " s", null);
            } catch (InterruptedException e) {
                answer.thenAccept(StoreDeadline::closeQuietly);
                Thread.currentThread().interrupt();
                throw new StorageUnavailable("interrupted while waiting for the file store", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause() instanceof CompletionException c ? c.getCause() : e.getCause();
                if (cause instanceof UncheckedIOException unchecked) {
                    throw unchecked.getCause();
                }
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IllegalStateException(cause);
            }
        }
    }
}
