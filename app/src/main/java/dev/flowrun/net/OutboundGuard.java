package dev.flowrun.net;

import java.net.Proxy;
import okhttp3.Dns;
import okhttp3.OkHttpClient;

/**
 * Builds the service's one base {@link OkHttpClient}, guarded so that no outbound call (input and zip downloads,
 * webhooks) reaches loopback, private, link-local, CGNAT, multicast or other non-public addresses (docs/security.md).
 * Every client derived from it with {@code newBuilder()} keeps the guard: do not replace its {@code dns},
 * {@code socketFactory} or {@code proxy}. A refused call fails with {@link BlockedAddress} before any connection
 * is opened.
 *
 * <p>The guard has three parts: hosts written as non-canonical numbers are refused outright (always, since
 * parsers disagree about what they mean); a host is refused if any address it resolves to is refused; and the
 * socket checks the address it actually connects to, which also covers IP literals, which OkHttp never resolves.
 */
public final class OutboundGuard {
    private OutboundGuard() {
    }

    /**
     * The base client. {@code allowPrivateNetworks} ({@code FLOWRUN_ALLOW_PRIVATE_NETWORKS}, for local testing)
     * lifts the address checks; non-canonical numeric hosts stay refused.
     */
    public static OkHttpClient baseClient(boolean allowPrivateNetworks) {
        var builder = new OkHttpClient.Builder();
        if (allowPrivateNetworks) {
            return withoutAddressChecks(builder).build();
        }
        return guarded(builder, Dns.SYSTEM, AddressPolicy::refusal).build();
    }

    /** Tests give a {@code resolver} that answers chosen addresses and a {@code check} that refuses chosen ones. */
    static OkHttpClient.Builder guarded(OkHttpClient.Builder builder, Dns resolver, AddressCheck check) {
        // No proxy: through one, the socket would connect to the proxy and the target's address would go unchecked.
        return builder.addInterceptor(new NumericHostInterceptor())
                .dns(new GuardedDns(resolver, check))
                .socketFactory(new GuardedSocketFactory(check))
                .proxy(Proxy.NO_PROXY);
    }

    /** Private networks allowed: only the refusal of non-canonical numeric hosts is left. */
    static OkHttpClient.Builder withoutAddressChecks(OkHttpClient.Builder builder) {
        return builder.addInterceptor(new NumericHostInterceptor());
    }
}
