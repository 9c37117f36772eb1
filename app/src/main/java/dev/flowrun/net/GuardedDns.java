package dev.flowrun.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import okhttp3.Dns;

/**
 * Resolves a host and refuses it if ANY of its addresses is refused: a name that answers one public and one
 * private address would otherwise reach the private one on a retry or on a later lookup (DNS rebinding).
 */
final class GuardedDns implements Dns {
    private final Dns delegate;
    private final AddressCheck check;

    GuardedDns(Dns delegate, AddressCheck check) {
        this.delegate = delegate;
        this.check = check;
    }

    @Override
    public List<InetAddress> lookup(String hostname) throws UnknownHostException {
        if (NumericHosts.isNonCanonical(hostname)) {
            throw BlockedAddress.nonCanonical(hostname);
        }
        List<InetAddress> addresses = delegate.lookup(hostname);
        for (InetAddress address : addresses) {
            var refusal = check.refusal(address);
            if (refusal.isPresent()) {
                throw BlockedAddress.resolving(hostname, refusal.get());
            }
        }
        return addresses;
    }
}
