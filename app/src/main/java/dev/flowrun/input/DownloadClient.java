package dev.flowrun.input;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Response;

/**
 * The client input files and archives are downloaded with, derived from the service's guarded base client.
 *
 * <p>The read timeout is the socket's own ({@code SO_TIMEOUT}), not OkHttp's: OkHttp times each read of a
 * connection with Okio's watchdog thread, and a read hands out at most 8 KiB, so a 200 KB input queued and woke
 * that thread 25 times, about half a millisecond of CPU per item. A blocking read on a socket with
 * {@code SO_TIMEOUT} fails the same way ({@link java.net.SocketTimeoutException}, an {@code InterruptedIOException})
 * with no other thread involved. HTTP/1.1 only: an HTTP/2 connection is read by a thread of its own that waits
 * on it indefinitely, its streams time out only by the watchdog, and one download per connection gains nothing
 * from multiplexing. The call timeout stays OkHttp's: one watchdog entry per download.
 */
public final class DownloadClient {
    private DownloadClient() {
    }

    /** The service's: a connection within 10 s, no read waiting more than 30 s, a whole download within 5 min. */
    public static OkHttpClient standard(OkHttpClient base) {
        return from(base, Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMinutes(5));
    }

    public static OkHttpClient from(OkHttpClient base, Duration connectTimeout, Duration readTimeout,
                                    Duration callTimeout) {
        return base.newBuilder()
                .protocols(List.of(Protocol.HTTP_1_1))
                .connectTimeout(connectTimeout)
                .readTimeout(Duration.ZERO)
                .addNetworkInterceptor(new SocketReadTimeout(Math.toIntExact(readTimeout.toMillis())))
                .callTimeout(callTimeout)
                .followSslRedirects(false)
                .build();
    }

    /**
     * Sets the socket's timeout for each exchange: OkHttp sets it to its own read timeout (here 0, none) when it
     * prepares an exchange, before network interceptors run.
     */
    private record SocketReadTimeout(int millis) implements Interceptor {
        @Override
        public Response intercept(Chain chain) throws IOException {
            // A network interceptor always has the exchange's connection (only application interceptors may not).
            chain.connection().socket().setSoTimeout(millis);
            return chain.proceed(chain.request());
        }
    }
}
