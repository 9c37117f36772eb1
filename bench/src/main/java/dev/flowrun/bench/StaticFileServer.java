package dev.flowrun.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Serves the files of one folder over HTTP on loopback, as the inputs of benchmark runs. */
final class StaticFileServer implements AutoCloseable {
    static {
        // Without it the JDK server's header and body writes meet the client's delayed ACK: 40 ms per file.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);

    StaticFileServer(Path folder) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", exchange -> {
            Path file = folder.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
            if (!file.startsWith(folder) || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            byte[] bytes = Files.readAllBytes(file);
            exchange.getResponseHeaders().set("Content-Type", file.toString().endsWith(".png") ? "image/png" : "image/jpeg");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.setExecutor(threads);
        server.start();
    }

    String url(String name) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + name;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
