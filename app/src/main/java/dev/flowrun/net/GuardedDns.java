package dev.flowrun.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import okhttp3.Dns;

/**
 * Resolves a host and refuses it if ANY of its addresses is refused: a name that answers one public and one
 * private address would otherwise reach the private one on a retry or on a later lookup (DNS rebinding).
 */
record GuardedDns(Dns delegate, AddressCheck check) implements Dns {
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
