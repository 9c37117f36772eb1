package dev.flowrun.net;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The addresses the guard refuses (with the rule it names) and those it lets through, shared by the policy's
 * table test and the live trials; boundaries on both sides of every range.
 */
final class GuardVectors {
    private GuardVectors() {
    }

    static Stream<Arguments> refusedAddresses() {
        return Stream.of(
                refused("0.0.0.0", "the unspecified address (0.0.0.0/32)"),
                refused("0.1.2.3", "a \"this network\" address (0.0.0.0/8)"),
                refused("10.0.0.5", "a private address (10.0.0.0/8)"),
                refused("10.255.255.255", "a private address (10.0.0.0/8)"),
                refused("100.64.0.0", "a shared (carrier-grade NAT) address (100.64.0.0/10)"),
                refused("100.127.255.255", "a shared (carrier-grade NAT) address (100.64.0.0/10)"),
                refused("127.0.0.1", "a loopback address (127.0.0.0/8)"),
                refused("127.255.255.254", "a loopback address (127.0.0.0/8)"),
                refused("169.254.169.254", "a link-local address (169.254.0.0/16)"),
                refused("169.254.0.0", "a link-local address (169.254.0.0/16)"),
                refused("172.16.0.0", "a private address (172.16.0.0/12)"),
                refused("172.31.255.255", "a private address (172.16.0.0/12)"),
                refused("192.0.0.8", "an IETF protocol assignment address (192.0.0.0/24)"),
                refused("192.0.2.1", "a documentation address (192.0.2.0/24)"),
                refused("192.88.99.1", "a deprecated 6to4 relay address (192.88.99.0/24)"),
                refused("192.168.0.1", "a private address (192.168.0.0/16)"),
                refused("198.18.0.0", "a benchmarking address (198.18.0.0/15)"),
                refused("198.19.255.255", "a benchmarking address (198.18.0.0/15)"),
                refused("198.51.100.7", "a documentation address (198.51.100.0/24)"),
                refused("203.0.113.9", "a documentation address (203.0.113.0/24)"),
                refused("224.0.0.1", "a multicast address (224.0.0.0/4)"),
                refused("239.255.255.250", "a multicast address (224.0.0.0/4)"),
                refused("240.0.0.1", "a reserved address (240.0.0.0/4)"),
                refused("255.255.255.255", "the broadcast address (255.255.255.255/32)"),
                refused("::", "the unspecified address (::/128)"),
                refused("::1", "the loopback address (::1/128)"),
                refused("::ffff:127.0.0.1",
                        "an IPv4-mapped address (::ffff:0:0/96) embedding 127.0.0.1, a loopback address (127.0.0.0/8)"),
                refused("::ffff:10.0.0.5",
                        "an IPv4-mapped address (::ffff:0:0/96) embedding 10.0.0.5, a private address (10.0.0.0/8)"),
                refused("::ffff:169.254.169.254", "an IPv4-mapped address (::ffff:0:0/96) embedding 169.254.169.254,"
                        + " a link-local address (169.254.0.0/16)"),
                refused("::7f00:1", "a deprecated IPv4-compatible address (::/96)"),
                refused("::808:808", "a deprecated IPv4-compatible address (::/96)"),
                refused("64:ff9b::7f00:1",
                        "a NAT64 address (64:ff9b::/96) embedding 127.0.0.1, a loopback address (127.0.0.0/8)"),
                refused("64:ff9b::a9fe:a9fe", "a NAT64 address (64:ff9b::/96) embedding 169.254.169.254,"
                        + " a link-local address (169.254.0.0/16)"),
                refused("64:ff9b:1::1", "a local-use NAT64 address (64:ff9b:1::/48)"),
                refused("100::1", "a discard-only address (100::/64)"),
                refused("2001::1", "a Teredo tunnel address (2001::/32)"),
                refused("2001:2::1", "a benchmarking address (2001:2::/48)"),
                refused("2001:10::1", "an IETF protocol assignment address (2001::/23)"),
                refused("2001:db8::1", "a documentation address (2001:db8::/32)"),
                refused("2002:7f00:1::1",
                        "a 6to4 address (2002::/16) embedding 127.0.0.1, a loopback address (127.0.0.0/8)"),
                refused("2002:a00:5::", "a 6to4 address (2002::/16) embedding 10.0.0.5, a private address (10.0.0.0/8)"),
                refused("2002:6440:1::1", "a 6to4 address (2002::/16) embedding 100.64.0.1,"
                        + " a shared (carrier-grade NAT) address (100.64.0.0/10)"),
                refused("3fff::1", "a documentation address (3fff::/20)"),
                refused("fc00::1", "a unique local address (fc00::/7)"),
                refused("fd00::2", "a unique local address (fc00::/7)"),
                refused("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "a unique local address (fc00::/7)"),
                refused("fe80::1", "a link-local address (fe80::/10)"),
                refused("febf:ffff::1", "a link-local address (fe80::/10)"),
                refused("fec0::1", "a deprecated site-local address (fec0::/10)"),
                refused("ff02::1", "a multicast address (ff00::/8)"),
                refused("ff0e::101", "a multicast address (ff00::/8)"),
                refused("4000::1", "a reserved address (outside global unicast 2000::/3)"),
                refused("1fff:ffff::1", "a reserved address (outside global unicast 2000::/3)"));
    }

    static Stream<String> allowedAddresses() {
        return Stream.of("1.1.1.1", "8.8.8.8", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0",
                "126.255.255.255", "128.0.0.0", "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0",
                "192.0.1.255", "192.0.3.0", "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0",
                "223.255.255.255", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "2001:4860:4860::8888",
                "2606:4700:4700::1111", "2a00:1450:4001:82a::200e", "3ffe::1");
    }

    /** The range named last in a rule's text: for an embedding form, the range of the IPv4 address inside. */
    static String lastRange(String why) {
        return why.substring(why.lastIndexOf('('));
    }

    private static Arguments refused(String address, String why) {
        return Arguments.of(address, why);
    }
}
