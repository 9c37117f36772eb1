package dev.flowrun;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/**
 * Where the app listens and the URL it is reached under. Port 0 picks a free port before anything starts, so the
 * public URL (signed file URLs, the dashboard) names the port actually bound.
 */
record Address(String host, int port, String publicUrl) {

    static Address of(Config config) {
        int port = config.port() != 0 ? config.port() : freePort();
        return new Address(config.host(), port, config.effectivePublicUrl(port));
    }

    /** {@code host:port}, an IPv6 host in brackets. */
    String hostAndPort() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    private static int freePort() {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
