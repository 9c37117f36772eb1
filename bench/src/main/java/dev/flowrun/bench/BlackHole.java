package dev.flowrun.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback download that never ends. Silent, it accepts connections and never answers: runs created while the
 * API is measured point their input here, so the workers sit waiting instead of taking CPU from the requests
 * measured (the service's read timeout fails them after 30 s). Trickling, it answers at once and then sends one
 * byte every few seconds, so an item reading it stays {@code running} for minutes.
 */
final class BlackHole implements AutoCloseable {
    private final ServerSocket socket;
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    private BlackHole(boolean trickle) throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!socket.isClosed()) {
                try {
                    Socket client = socket.accept();
                    held.add(client);
                    if (trickle) {
                        Thread dripper = new Thread(() -> drip(client), "trickle");
                        dripper.setDaemon(true);
                        dripper.start();
                    }
                } catch (IOException closed) {
                    return;
                }
            }
        }, "black-hole");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static BlackHole silent() throws IOException {
        return new BlackHole(false);
    }

    static BlackHole trickling() throws IOException {
        return new BlackHole(true);
    }

    private static void drip(Socket client) {
        try {
            OutputStream out = client.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 1000000\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(0x89);
            out.flush();
            while (!client.isClosed()) {
                Thread.sleep(5_000);
                out.write(0);
                out.flush();
            }
        } catch (IOException | InterruptedException gone) {
            // the item was cancelled or the benchmark is over
        }
    }

    String url() {
        return "http://127.0.0.1:" + socket.getLocalPort() + "/never.png";
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (Socket s : held) {
            s.close();
        }
    }
}
