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
        return new AttemptResult(null, error.length() > 500 ? error.substring(0, 500) : error, latencyMs);
    }
}
