package dev.flowrun.net;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** An address range such as {@code 10.0.0.0/8} or {@code fc00::/7}, matched against raw address bytes. */
record Cidr(String text, byte[] network, int prefixLength) {

    /** Parses a range written with a numeric address; only ever called on the literals of {@link AddressPolicy}. */
    static Cidr parse(String text) {
        int slash = text.indexOf('/');
        byte[] network = literal(text.substring(0, slash));
        int prefix = Integer.parseInt(text.substring(slash + 1));
        if (prefix < 0 || prefix > network.length * 8) {
            throw new IllegalArgumentException("prefix out of range: " + text);
        }
        return new Cidr(text, network, prefix);
    }

    /** True when {@code address} has the same length (IPv4 or IPv6) and the same first {@code prefixLength} bits. */
    boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int fullBytes = prefixLength / 8;
        for (int i = 0; i < fullBytes; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int restBits = prefixLength % 8;
        if (restBits == 0) {
            return true;
        }
        int mask = (0xff << (8 - restBits)) & 0xff;
        return (address[fullBytes] & mask) == (network[fullBytes] & mask);
    }

    private static byte[] literal(String address) {
        try {
            byte[] bytes = InetAddress.getByName(address).getAddress();
            if (address.contains(":") && bytes.length == 4) {
                // InetAddress shortens IPv4-mapped IPv6 (::ffff:0:0) to IPv4; the range means the 16-byte form.
                return AddressText.mapped(bytes);
            }
            return bytes;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not a numeric address: " + address, e);
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
