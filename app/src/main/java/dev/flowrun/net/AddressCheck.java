package dev.flowrun.net;

import java.net.InetAddress;
import java.util.Optional;

/** What the resolver and the socket ask before going on; {@link AddressPolicy#refusal} in production. */
@FunctionalInterface
interface AddressCheck {
    Optional<AddressPolicy.Refusal> refusal(InetAddress address);
}
