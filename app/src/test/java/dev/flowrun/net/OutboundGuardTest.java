package dev.flowrun.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.flowrun.support.CountingServer;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The guard tried for real: a server listening on every local address counts the TCP connections that reach it.
 * With the guard on, not one arrives; with private networks allowed, the same URL gets through, so the zero is
 * the guard's doing and not an unreachable URL.
 */
class OutboundGuardTest {
    @AutoClose
    static final CountingServer server = new CountingServer("ok".getBytes(StandardCharsets.US_ASCII));
    static final OkHttpClient guarded = quick(OutboundGuard.baseClient(false));
    static final OkHttpClient allowing = quick(OutboundGuard.baseClient(true));

    /** URLs that reach the local server when nothing stops them, and the rule the guard names for each. */
    static Stream<Arguments> localUrls() {
        String loopback = "refused: 127.0.0.1 is a loopback address (127.0.0.0/8)";
        return Stream.of(
                arguments("http://127.0.0.1:%d/", loopback),
                arguments("http://127.0.0.2:%d/", "refused: 127.0.0.2 is a loopback address (127.0.0.0/8)"),
                arguments("http://[::1]:%d/", "refused: ::1 is the loopback address (::1/128)"),
                arguments("http://[::ffff:127.0.0.1]:%d/", loopback),
                arguments("http://[::ffff:7f00:1]:%d/", loopback),
                arguments("http://%%31%%32%%37.0.0.1:%d/", loopback),
                arguments("http://0.0.0.0:%d/", "refused: 0.0.0.0 is the unspecified address (0.0.0.0/32)"),
                arguments("http://[::]:%d/", "refused: :: is the unspecified address (::/128)"),
                arguments("http://LocalHost:%d/", "refused: localhost resolves to "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("localUrls")
    void guardRefusesLocalUrlsBeforeConnecting(String url, String refusal) {
        assertRefusedWithoutConnecting(guarded, url.formatted(server.port()), refusal);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("localUrls")
    void allowingPrivateNetworksReachesTheSameUrls(String url) throws IOException {
        assertConnects(allowing, url.formatted(server.port()));
    }

    /** This machine's own non-loopback addresses (a neighbour's admin port is one of these away). */
    static Stream<String> ownInterfaceAddresses() throws SocketException {
        return Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(NetworkInterface::inetAddresses)
                .filter(a -> !a.isLoopbackAddress() && !a.isLinkLocalAddress())
                .filter(a -> AddressPolicy.refusal(a).isPresent())
                .map(a -> a instanceof Inet6Address ? "[" + a.getHostAddress().replaceAll("%.*", "") + "]"
                        : a.getHostAddress());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ownInterfaceAddresses")
    void guardRefusesThisMachinesOwnAddresses(String host) throws IOException {
        String url = "http://" + host + ":" + server.port() + "/";
        assertRefusedWithoutConnecting(guarded, url, "refused: ");
        assertConnects(allowing, url);
    }

    @ParameterizedTest(name = "{0} is refused as a literal: {1}")
    @MethodSource("dev.flowrun.net.GuardVectors#refusedAddresses")
    void everyRefusedAddressIsRefusedAsAnIpLiteral(String address, String why) {
        String host = address.contains(":") ? "[" + address + "]" : address;
        // OkHttp never asks the resolver about a literal: the socket's check is the one that refuses.
        assertRefusedWithoutConnecting(guarded, "http://" + host + ":" + server.port() + "/",
                GuardVectors.lastRange(why));
    }

    @ParameterizedTest(name = "a name resolving to {0} is refused: {1}")
    @MethodSource("dev.flowrun.net.GuardVectors#refusedAddresses")
    void everyRefusedAddressIsRefusedWhenANameResolvesToIt(String address, String why) throws UnknownHostException {
        InetAddress resolved = InetAddress.getByName(address);
        OkHttpClient client = withResolver(host -> List.of(resolved));
        assertRefusedWithoutConnecting(client, "http://target.example:" + server.port() + "/",
                "refused: target.example resolves to ");
    }

    @Test
    void aNameIsRefusedWhenAnyOfItsAddressesIsRefused() throws UnknownHostException {
        InetAddress publicAddress = InetAddress.getByName("93.184.215.14");
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        for (List<InetAddress> answer : List.of(List.of(publicAddress, loopback), List.of(loopback, publicAddress))) {
            assertRefusedWithoutConnecting(withResolver(host -> answer), "http://mixed.example:" + server.port() + "/",
                    "refused: mixed.example resolves to 127.0.0.1, a loopback address (127.0.0.0/8)");
        }
    }

    /** Hosts URL parsers read as numbers, in forms that are not a dotted quad. */
    static Stream<String> nonCanonicalHosts() {
        return Stream.of("2130706433", "127.1", "127.0.1", "0177.0.0.1", "0x7f.1", "0x7f000001", "017700000001", "0",
                "127.0.0.1.", "0x7f.0x0.0x0.0x1");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nonCanonicalHosts")
    void nonCanonicalNumericHostsAreRefusedOutrightInBothModes(String host) {
        String url = "http://" + host + ":" + server.port() + "/";
        String refusal = "refused: '" + host + "' is a numeric host in a non-canonical form";
        assertRefusedWithoutConnecting(guarded, url, refusal);
        assertRefusedWithoutConnecting(allowing, url, refusal);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"2130706433", "127.1", "127.0.1", "0"})
    void numericHostsAreLiveVectorsThatTheSocketCheckAloneStops(String host) throws IOException {
        String url = "http://" + host + ":" + server.port() + "/";
        // Without any guard, Java reads these as a local address and connects: they are real ways in.
        assertConnects(quick(new OkHttpClient()), url);
        // OkHttp hands them to InetAddress, not to its Dns; the socket check refuses them even on its own.
        OkHttpClient socketCheckOnly = quick(new OkHttpClient.Builder()
                .socketFactory(new GuardedSocketFactory(AddressPolicy::refusal)).build());
        assertRefusedWithoutConnecting(socketCheckOnly, url, "refused: ");
    }

    @Test
    void derivedClientsKeepTheGuard() {
        OkHttpClient derived = guarded.newBuilder().readTimeout(Duration.ofSeconds(1)).followRedirects(false).build();
        assertRefusedWithoutConnecting(derived, "http://127.0.0.1:" + server.port() + "/",
                "refused: 127.0.0.1 is a loopback address (127.0.0.0/8)");
    }

    private static void assertRefusedWithoutConnecting(OkHttpClient client, String url, String message) {
        int before = server.connections();
        assertThatThrownBy(() -> get(client, url)).as(url)
                .isInstanceOf(BlockedAddress.class)
                .hasMessageContaining(message);
        assertThat(server.connections()).as("connections that reached the server for " + url).isEqualTo(before);
    }

    private static void assertConnects(OkHttpClient client, String url) throws IOException {
        int before = server.connections();
        assertThat(get(client, url)).as(url).isEqualTo("ok");
        assertThat(server.connections()).as(url).isEqualTo(before + 1);
    }

    private static String get(OkHttpClient client, String url) throws IOException {
        try (Response response = client.newCall(new Request.Builder().url(url).build()).execute()) {
            return response.body().string();
        }
    }

    private static OkHttpClient withResolver(Dns resolver) {
        return quick(OutboundGuard.guarded(new OkHttpClient.Builder(), resolver, AddressPolicy::refusal).build());
    }

    /** Short timeouts and no pooled connections, so that every call opens (or fails to open) its own. */
    private static OkHttpClient quick(OkHttpClient client) {
        return client.newBuilder().connectTimeout(Duration.ofSeconds(2)).readTimeout(Duration.ofSeconds(5))
                .connectionPool(new okhttp3.ConnectionPool(0, 1, java.util.concurrent.TimeUnit.SECONDS))
                .retryOnConnectionFailure(false).build();
    }
}
