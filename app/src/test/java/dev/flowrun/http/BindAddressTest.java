package dev.flowrun.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.support.TestApp;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * FLOWRUN_HOST: the address the server binds. Linux routes all of 127.0.0.0/8 to loopback, so a server on
 * every interface answers on 127.0.0.2, and one bound to 127.0.0.1 does not.
 */
class BindAddressTest {

    @Test
    void byDefaultTheServerListensOnEveryInterface() throws IOException {
        try (TestApp app = TestApp.start()) {
            connect("127.0.0.2", app.app().port());
            connect("127.0.0.1", app.app().port());
        }
    }

    @Test
    void withALoopbackHostItListensOnThatAddressOnly() throws IOException {
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_HOST", "127.0.0.1"))) {
            connect("127.0.0.1", app.app().port());
            assertThat(app.get("/health", null).status()).isEqualTo(200);
            assertThatThrownBy(() -> connect("127.0.0.2", app.app().port())).isInstanceOf(ConnectException.class);
        }
    }

    private static void connect(String address, int port) throws IOException {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 5_000);
        }
    }
}
