package dev.flowrun.webhook;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;

/**
 * The client deliveries go through, derived from the service's guarded base client (so every connection, each
 * one new, passes the outbound address guard).
 *
 * <p>Each attempt gets a connection of its own, closed after it (and its request says {@code Connection: close}).
 * A pooled connection the receiver had already closed (an HTTP/1.0 server, or a keep-alive timeout shorter than
 * the wait before a retry: Node's 5 s against our first delay of 5 s) failed in 0 ms with "unexpected end of
 * stream" and cost one of the six attempts, so that some events were never delivered. Resending on a fresh
 * connection after such a failure was the other way out; it was measured as no cheaper here and it would resend
 * requests the receiver had in fact read (docs/decisions/0005-webhook-outbox.md). HTTP/1.1 only, since one request per connection
 * gains nothing from HTTP/2, and HTTP/2 would share a live connection between concurrent deliveries again.
 */
public final class WebhookClient {
    private WebhookClient() {
    }

    public static OkHttpClient from(OkHttpClient base, Duration timeout) {
        return base.newBuilder()
                .connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS))
                .protocols(List.of(Protocol.HTTP_1_1))
                .followRedirects(false)
                .followSslRedirects(false)
                .retryOnConnectionFailure(false)
                // The receiver has the whole timeout (15 s by default), not OkHttp's 10 s per read.
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .writeTimeout(timeout)
                .callTimeout(timeout)
                .build();
    }
}
