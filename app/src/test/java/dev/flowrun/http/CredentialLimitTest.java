package dev.flowrun.http;

import static dev.flowrun.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.SocketFactory;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** A credential-guessing loop from one address is stopped there, and only there (docs/security.md, Credentials). */
class CredentialLimitTest {

    /** A GET of {@code path} on the app from the local address {@code from} (a loopback alias). */
    static Reply get(TestApp app, String from, String path, String authorization) {
        int port = URI.create(app.baseUrl()).getPort();
        OkHttpClient client = new OkHttpClient.Builder().socketFactory(new BoundSocketFactory(from)).build();
        // Admin paths are asked with DELETE of a key that does not exist: 401, 429 or (admitted) 404, nothing changed.
        Request.Builder request = new Request.Builder().url("http://127.0.0.1:" + port + path);
        if (path.startsWith("/admin/")) {
            request.delete();
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try (Response response = client.newCall(request.build()).execute()) {
            byte[] bytes = response.body().bytes();
            return new Reply(response.code(), bytes.length > 0 ? TestApp.parse(new String(bytes)) : null, bytes,
                    response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theTwentyFirstWrongKeyFromAnAddressIsRateLimitedOnceLoggedAndOtherAddressesAreNot() {
        Logger logger = (Logger) LoggerFactory.getLogger(CredentialLimit.class);
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        logger.addAppender(log);
        try (TestApp app = TestApp.start()) {
            for (int i = 1; i <= 20; i++) {
                assertError(get(app, "127.0.0.3", "/workflows", "Bearer fr_guess_" + i), 401, "unauthorized");
            }
            for (String credential : new String[] {"Bearer fr_guess_21", "Bearer " + TestApp.API_KEY}) {
                Reply limited = get(app, "127.0.0.3", "/workflows", credential);
                assertError(limited, 429, "rate_limited");
                assertThat(Long.parseLong(limited.header("Retry-After"))).isBetween(1L, 60L);
            }
            assertError(get(app, "127.0.0.3", "/admin/keys/999999", "Bearer " + TestApp.ADMIN_TOKEN), 429,
                    "rate_limited");
            assertThat(get(app, "127.0.0.2", "/workflows", "Bearer " + TestApp.API_KEY).status())
                    .as("the key from another address").isEqualTo(200);
            assertThat(get(app, "127.0.0.3", "/health", null).status()).as("no credential, no limit").isEqualTo(200);
        } finally {
            logger.detachAppender(log);
        }
        assertThat(log.list).hasSize(1);
        assertThat(log.list.get(0).getFormattedMessage()).contains("127.0.0.3").doesNotContain("fr_guess");
    }

    @Test
    void wrongAdminTokensCountAndAMissingCredentialDoesNot() {
        try (TestApp app = TestApp.start()) {
            for (int i = 0; i < 30; i++) {
                assertError(get(app, "127.0.0.4", "/workflows", null), 401, "unauthorized");
            }
            for (int i = 1; i <= 20; i++) {
                assertError(get(app, "127.0.0.4", "/admin/keys/999999", "Bearer wrong-admin-token-" + i), 401,
                        "unauthorized");
            }
            assertError(get(app, "127.0.0.4", "/admin/keys/999999", "Bearer " + TestApp.ADMIN_TOKEN), 429,
                    "rate_limited");
        }
    }

    @Test
    void theTableOfAddressesStaysBoundedUnderAFloodOfAddresses() {
        AtomicLong now = new AtomicLong();
        CredentialLimit limit = new CredentialLimit(now::get);
        for (int i = 0; i < CredentialLimit.LIMIT; i++) {
            limit.failed("10.0.0.1");
        }
        for (int i = 0; i < 3 * CredentialLimit.MAX_ADDRESSES; i++) {
            limit.failed("10.1." + (i >> 16) + "." + (i & 0xffff));
        }
        assertThat(limit.addresses()).isLessThanOrEqualTo(CredentialLimit.MAX_ADDRESSES);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> limit.check("10.0.0.1"))
                .as("a blocked address outlives the flood").isInstanceOf(dev.flowrun.error.RateLimited.class);
        now.addAndGet(61_000_000_000L);
        limit.check("10.0.0.1");
    }

    /** Connects from a given local address, so one test process can be several clients. */
    static final class BoundSocketFactory extends SocketFactory {
        private final InetAddress local;

        BoundSocketFactory(String local) {
            try {
                this.local = InetAddress.getByName(local);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Socket createSocket() throws IOException {
            Socket socket = new Socket();
            socket.bind(new InetSocketAddress(local, 0));
            return socket;
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return connected(new InetSocketAddress(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return createSocket(host, port);
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return connected(new InetSocketAddress(host, port));
        }

        private Socket connected(InetSocketAddress to) throws IOException {
            Socket socket = createSocket();
            socket.connect(to);
            return socket;
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return createSocket(address, port);
        }
    }
}
