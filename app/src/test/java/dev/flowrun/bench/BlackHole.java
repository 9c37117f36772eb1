package dev.flowrun.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback port that accepts connections and never answers. Runs created while the API is measured point
 * their input here, so the workers sit waiting instead of taking CPU from the requests being measured.
 */
final class BlackHole implements AutoCloseable {
    private final ServerSocket socket;
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    BlackHole() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!socket.isClosed()) {
                try {
                    held.add(socket.accept());
                } catch (IOException closed) {
                    return;
                }
            }
        }, "black-hole");
        acceptor.setDaemon(true);
        acceptor.start();
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
