package dev.flowrun.http;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;

/**
 * The connection's idle timeout while a file body is written. Jetty cuts a connection that makes no progress for its
 * idle timeout, and it sees a slow reader's progress only when the kernel's send buffer has room again: at 1 KB/s that
 * is a minute or more apart, so a reader that keeps reading would be cut. While a file body is written the connection
 * may stay silent for the download stall timeout instead (Config); afterwards it has its usual timeout again.
 */
final class SlowReaders {
    private final long stallMs;

    SlowReaders(Duration stall) {
        this.stallMs = stall.toMillis();
    }

    /** Raises the request's connection's idle timeout; the returned action puts it back. */
    Runnable allow(HttpServletRequest request) {
        ServletContextRequest jettyRequest = ServletContextRequest.getServletContextRequest(request);
        if (jettyRequest == null) {
            return () -> { };
        }
        EndPoint endPoint = jettyRequest.getConnectionMetaData().getConnection().getEndPoint();
        long before = endPoint.getIdleTimeout();
        endPoint.setIdleTimeout(stallMs);
        return () -> endPoint.setIdleTimeout(before);
    }
}
