package dev.flowrun.net;

import java.util.Arrays;

/** Addresses as people write them: dotted quads, and IPv6 in its short form (RFC 5952), for refusal messages. */
final class AddressText {
    private AddressText() {
    }

    static String of(byte[] address) {
        return address.length == 4 ? ipv4(address, 0) : ipv6(address);
    }

    static String ipv4(byte[] bytes, int from) {
        return (bytes[from] & 0xff) + "." + (bytes[from + 1] & 0xff) + "." + (bytes[from + 2] & 0xff) + "."
                + (bytes[from + 3] & 0xff);
    }

    /** The 16-byte IPv4-mapped form {@code ::ffff:a.b.c.d} of an IPv4 address. */
    static byte[] mapped(byte[] ipv4) {
        byte[] v6 = new byte[16];
        v6[10] = (byte) 0xff;
        v6[11] = (byte) 0xff;
        System.arraycopy(ipv4, 0, v6, 12, 4);
        return v6;
    }

    private static String ipv6(byte[] bytes) {
        if (Arrays.equals(Arrays.copyOf(bytes, 12), Arrays.copyOf(mapped(new byte[4]), 12))) {
            return "::ffff:" + ipv4(bytes, 12);
        }
        int[] words = new int[8];
        for (int i = 0; i < 8; i++) {
            words[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
        }
        // The longest run of two or more zero words becomes "::" (the first such run on a tie).
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && words[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(words[i]));
        }
        return text.toString();
    }
}
