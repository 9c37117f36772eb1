package dev.flowrun.http;

import dev.flowrun.work.Env;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;

/**
 * Where the service listens and how it is reached: {@code FLOWRUN_PORT}, {@code FLOWRUN_HOST},
 * {@code FLOWRUN_PUBLIC_URL} (null: {@code http://localhost:<port>}), and how long a connection may stay silent
 * ({@code FLOWRUN_HTTP_IDLE_TIMEOUT}) or a file download go without the client taking a byte
 * ({@code FLOWRUN_DOWNLOAD_STALL_TIMEOUT}; README, Operating it; docs/security.md).
 */
public record HttpSettings(int port, String host, String publicUrl, Duration idleTimeout,
                           Duration downloadStallTimeout) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_PORT", "FLOWRUN_HOST", "FLOWRUN_PUBLIC_URL",
            "FLOWRUN_HTTP_IDLE_TIMEOUT", "FLOWRUN_DOWNLOAD_STALL_TIMEOUT");

    /** Jetty's own default: a connection with no request and no progress for this long is closed. */
    public static final Duration DEFAULT_HTTP_IDLE_TIMEOUT = Duration.ofSeconds(30);

    /**
     * A file download whose client takes nothing for this long is closed. The service sees a slow reader's progress
     * only when the kernel's send buffer has room again: at 1 KB/s, with the buffers Linux gives a connection, that is
     * every minute or more, so this is far above the connection idle timeout. A reader holds no thread meanwhile.
     */
    public static final Duration DEFAULT_DOWNLOAD_STALL_TIMEOUT = Duration.ofMinutes(10);

    public static HttpSettings fromEnv(Env env) {
        return new HttpSettings(env.integer("FLOWRUN_PORT", 8080, 0, 65535), host(env, "FLOWRUN_HOST", "0.0.0.0"),
                env.url("FLOWRUN_PUBLIC_URL"),
                env.duration("FLOWRUN_HTTP_IDLE_TIMEOUT", DEFAULT_HTTP_IDLE_TIMEOUT),
                env.duration("FLOWRUN_DOWNLOAD_STALL_TIMEOUT", DEFAULT_DOWNLOAD_STALL_TIMEOUT));
    }

    /** An address of this machine to bind: an IP literal ({@code [::1]} or {@code ::1}) or a name of one. */
    private static String host(Env env, String name, String fallback) {
        String value = env.raw(name);
        if (value == null) {
            return fallback;
        }
        String expected = "an address of this machine such as 0.0.0.0 (every interface) or 127.0.0.1";
        String literal = value.startsWith("[") && value.endsWith("]") ? value.substring(1, value.length() - 1)
                : value;
        if (!literal.matches("[A-Za-z0-9.:%_-]+")) {
            throw env.bad(name, value, expected);
        }
        try {
            InetAddress address = InetAddress.getByName(literal);
            // Caught here rather than at bind time, so the one line names the variable.
            if (!address.isAnyLocalAddress() && !address.isLoopbackAddress()
                    && NetworkInterface.getByInetAddress(address) == null) {
                throw env.bad(name, value, expected);
            }
        } catch (UnknownHostException | SocketException e) {
            throw env.bad(name, value, expected);
        }
        return literal;
    }
}
