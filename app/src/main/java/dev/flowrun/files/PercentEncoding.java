package dev.flowrun.files;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** RFC 3986 percent-encoding of single path segments (and RFC 5987 values, whose safe set is a superset). */
final class PercentEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PercentEncoding() {}

    /** Keeps only unreserved characters; every other UTF-8 byte becomes {@code %XX}, including {@code /}. */
    static String encode(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder(bytes.length * 3);
        for (byte b : bytes) {
            int c = b & 0xff;
            if (isUnreserved(c)) {
                sb.append((char) c);
            } else {
                sb.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return sb.toString();
    }

    /**
     * Strict decoding: a {@code %} must be followed by two hex digits and the bytes must be valid
     * UTF-8, otherwise null. {@code +} stays a plus sign, as it does in paths.
     */
    static String decode(String s) {
        if (s.indexOf('%') < 0) return s;
        byte[] raw = s.getBytes(StandardCharsets.UTF_8);
        ByteBuffer out = ByteBuffer.allocate(raw.length);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] != '%') {
                out.put(raw[i]);
                continue;
            }
            if (i + 2 >= raw.length) return null;
            int hi = Character.digit(raw[i + 1], 16);
            int lo = Character.digit(raw[i + 2], 16);
            if (hi < 0 || lo < 0) return null;
            out.put((byte) (hi << 4 | lo));
            i += 2;
        }
        out.flip();
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(out)
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }
}
