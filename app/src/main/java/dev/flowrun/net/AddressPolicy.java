package dev.flowrun.net;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

/**
 * Which addresses flowrun may connect to on a caller's behalf (docs/security.md): public unicast only. Pure code,
 * table-driven: the first range an address falls in decides. The IPv4 table follows the IANA special-purpose
 * registry; for IPv6 everything outside global unicast (2000::/3) is refused, and the forms that carry an IPv4
 * address inside (IPv4-mapped, NAT64, 6to4) are judged by the IPv4 address they carry.
 */
public final class AddressPolicy {
    private static final List<Rule> IPV4 = List.of(
            Rule.refuse("0.0.0.0/32", "the unspecified address"),
            Rule.refuse("0.0.0.0/8", "a \"this network\" address"),
            Rule.refuse("10.0.0.0/8", "a private address"),
            Rule.refuse("100.64.0.0/10", "a shared (carrier-grade NAT) address"),
            Rule.refuse("127.0.0.0/8", "a loopback address"),
            Rule.refuse("169.254.0.0/16", "a link-local address"), // where cloud metadata services answer
            Rule.refuse("172.16.0.0/12", "a private address"),
            Rule.refuse("192.0.0.0/24", "an IETF protocol assignment address"),
            Rule.refuse("192.0.2.0/24", "a documentation address"),
            Rule.refuse("192.88.99.0/24", "a deprecated 6to4 relay address"),
            Rule.refuse("192.168.0.0/16", "a private address"),
            Rule.refuse("198.18.0.0/15", "a benchmarking address"),
            Rule.refuse("198.51.100.0/24", "a documentation address"),
            Rule.refuse("203.0.113.0/24", "a documentation address"),
            Rule.refuse("224.0.0.0/4", "a multicast address"),
            Rule.refuse("255.255.255.255/32", "the broadcast address"),
            Rule.refuse("240.0.0.0/4", "a reserved address"));

    private static final List<Rule> IPV6 = List.of(
            Rule.refuse("::/128", "the unspecified address"),
            Rule.refuse("::1/128", "the loopback address"),
            Rule.embedding("::ffff:0:0/96", "an IPv4-mapped address", 12),
            Rule.refuse("::/96", "a deprecated IPv4-compatible address"),
            Rule.embedding("64:ff9b::/96", "a NAT64 address", 12),
            Rule.refuse("64:ff9b:1::/48", "a local-use NAT64 address"),
            Rule.refuse("100::/64", "a discard-only address"),
            Rule.refuse("2001::/32", "a Teredo tunnel address"),
            Rule.refuse("2001:2::/48", "a benchmarking address"),
            Rule.refuse("2001::/23", "an IETF protocol assignment address"),
            Rule.refuse("2001:db8::/32", "a documentation address"),
            Rule.embedding("2002::/16", "a 6to4 address", 2),
            Rule.refuse("3fff::/20", "a documentation address"),
            Rule.refuse("fc00::/7", "a unique local address"),
            Rule.refuse("fe80::/10", "a link-local address"),
            Rule.refuse("fec0::/10", "a deprecated site-local address"),
            Rule.refuse("ff00::/8", "a multicast address"));

    private static final Cidr GLOBAL_UNICAST = Cidr.parse("2000::/3");

    private AddressPolicy() {
    }

    /** Why flowrun may not connect to {@code address}; empty when it may. */
    public static Optional<Refusal> refusal(InetAddress address) {
        return refusal(address.getAddress());
    }

    /** The same for raw address bytes: 4 for IPv4, 16 for IPv6 (IPv4-mapped forms included). */
    static Optional<Refusal> refusal(byte[] address) {
        String text = AddressText.of(address);
        for (Rule rule : address.length == 4 ? IPV4 : IPV6) {
            if (!rule.range().contains(address)) {
                continue;
            }
            if (rule.embeddedAt() < 0) {
                return Optional.of(new Refusal(text, rule.what() + " (" + rule.range() + ")"));
            }
            byte[] inner = new byte[4];
            System.arraycopy(address, rule.embeddedAt(), inner, 0, 4);
            return refusal(inner).map(embedded -> new Refusal(text,
                    rule.what() + " (" + rule.range() + ") embedding " + embedded.address() + ", " + embedded.why()));
        }
        if (address.length == 16 && !GLOBAL_UNICAST.contains(address)) {
            return Optional.of(new Refusal(text, "a reserved address (outside global unicast " + GLOBAL_UNICAST + ")"));
        }
        return Optional.empty();
    }

    /**
     * A refused address and why, e.g. {@code 10.0.0.5} and {@code a private address (10.0.0.0/8)}; reads as
     * "10.0.0.5 is a private address (10.0.0.0/8)".
     */
    public record Refusal(String address, String why) {
        @Override
        public String toString() {
            return address + " is " + why;
        }
    }

    /** A range and what addresses in it are; {@code embeddedAt} ≥ 0 when they carry an IPv4 address at that byte. */
    private record Rule(Cidr range, String what, int embeddedAt) {
        static Rule refuse(String range, String what) {
            return new Rule(Cidr.parse(range), what, -1);
        }

        static Rule embedding(String range, String what, int embeddedAt) {
            return new Rule(Cidr.parse(range), what, embeddedAt);
        }
    }
}
