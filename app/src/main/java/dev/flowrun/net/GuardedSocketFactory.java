package dev.flowrun.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import javax.net.SocketFactory;

/**
 * Checks the address a socket is about to connect to, whatever led there. OkHttp does not ask its {@code Dns}
 * about hosts written as IP literals ({@code http://127.0.0.1/}, {@code http://[::ffff:127.0.0.1]/}), so this,
 * not the resolver, is the check that cannot be gone around. TLS sockets are layered over these plain ones.
 */
final class GuardedSocketFactory extends SocketFactory {
    private final AddressCheck check;

    GuardedSocketFactory(AddressCheck check) {
        this.check = check;
    }

    @Override
    public Socket createSocket() {
        return new GuardedSocket(check);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    private Socket connected(InetSocketAddress remote, InetSocketAddress local) throws IOException {
        Socket socket = createSocket();
        try {
            if (local != null) {
                socket.bind(local);
            }
            socket.connect(remote);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** A plain socket whose every connect goes through the policy first. */
    private static final class GuardedSocket extends Socket {
        private final AddressCheck check;

        GuardedSocket(AddressCheck check) {
            this.check = check;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            if (endpoint instanceof InetSocketAddress inet) {
                InetAddress address = inet.getAddress();
                if (address == null) {
                    throw new UnknownHostException(inet.getHostString());
                }
                var refusal = check.refusal(address);
                if (refusal.isPresent()) {
                    close();
                    throw BlockedAddress.connecting(refusal.get());
                }
            }
            super.connect(endpoint, timeout);
        }
    }
}
