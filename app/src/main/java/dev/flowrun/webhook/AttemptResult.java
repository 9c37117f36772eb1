package dev.flowrun.webhook;

import dev.flowrun.net.BlockedAddress;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;

/** What one POST met: a status code, or the error that stopped it. */
record AttemptResult(Integer statusCode, String error, long latencyMs) {

    boolean acknowledged() {
        return statusCode != null && statusCode >= 200 && statusCode < 300;
    }

    String describe() {
        return statusCode != null ? "HTTP " + statusCode : error;
    }

    static AttemptResult of(IOException e, long latencyMs, java.time.Duration timeout) {
        String error;
        if (e instanceof BlockedAddress) {
            // The outbound guard refused the address: no connection was opened. Its message names the rule.
            error = e.getMessage();
        } else if (e instanceof InterruptedIOException) {
            error = "no answer within " + timeout.toMillis() + " ms";
        } else if (e instanceof UnknownHostException) {
            error = "DNS lookup failed: " + e.getMessage();
        } else if (e instanceof SSLException) {
            error = "TLS error: " + e.getMessage();
        } else if (e instanceof ConnectException) {
            error = "connection failed: " + e.getMessage();
        } else {
            error = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        // A receiver's own bytes can reach the message (OkHttp quotes a status line it could not parse), and
        // PostgreSQL's text cannot hold a NUL: the row recording the attempt would fail.
        String stored = error.replace('\u0000', '\uFFFD');
        return new AttemptResult(null, stored.length() > 500 ? stored.substring(0, 500) : stored, latencyMs);
    }
}
