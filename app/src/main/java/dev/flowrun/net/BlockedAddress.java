package dev.flowrun.net;

import java.net.UnknownHostException;

/**
 * The outbound guard refused to connect; the message says which rule refused which address, e.g.
 * "refused: 10.0.0.5 is a private address (10.0.0.0/8) (FLOWRUN_ALLOW_PRIVATE_NETWORKS=true allows …)", so a
 * caller can report it as it is.
 *
 * <p>It is an {@link UnknownHostException} only because {@code okhttp3.Dns.lookup} may throw nothing else; catch
 * it before {@code UnknownHostException} to tell "refused" from "not found".
 */
public final class BlockedAddress extends UnknownHostException {

    BlockedAddress(String message) {
        super(message);
    }

    /** Names the setting that lifts the refusal: someone trying a local file server first needs exactly that. */
    static final String HOW_TO_ALLOW = " (FLOWRUN_ALLOW_PRIVATE_NETWORKS=true allows loopback and private addresses,"
            + " for local testing)";

    static BlockedAddress connecting(AddressPolicy.Refusal refusal) {
        return new BlockedAddress("refused: " + refusal + HOW_TO_ALLOW);
    }

    static BlockedAddress resolving(String host, AddressPolicy.Refusal refusal) {
        return new BlockedAddress("refused: " + host + " resolves to " + refusal.address() + ", " + refusal.why()
                + HOW_TO_ALLOW);
    }

    static BlockedAddress nonCanonical(String host) {
        return new BlockedAddress("refused: '" + host + "' is a numeric host in a non-canonical form;"
                + " write an IPv4 address as four decimal numbers (a.b.c.d)");
    }
}
