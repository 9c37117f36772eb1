package dev.flowrun.files;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * A JSON document rendered once, with a hole wherever it shows a signed file URL; the holes are filled with URLs
 * signed at the moment it is sent. Serving an unchanging document (a finished run's page) then costs a copy of
 * bytes instead of queries and serialisation, and its URLs still expire one full TTL after each request.
 *
 * <p>Made in two steps: the document is serialised with {@link Holes#url} standing in for every signed URL, then
 * {@link Holes#template} cuts the bytes at those stand-ins. A stand-in carries a random token drawn per document,
 * so no text a user chose (a file name) can be taken for one.
 */
public final class SignedJsonTemplate {
    private static final SecureRandom RANDOM = new SecureRandom();
    private final byte[][] literals;
    private final String[] keys;
    private final int literalBytes;
    /** The last rendering: every request within the same second signs with the same expiry, so it is the same. */
    private volatile Rendering last;

    private record Rendering(String expires, byte[] json) {
    }

    private SignedJsonTemplate(byte[][] literals, String[] keys) {
        this.literals = literals;
        this.keys = keys;
        int total = 0;
        for (byte[] literal : literals) {
            total += literal.length;
        }
        this.literalBytes = total;
    }

    /** Starts a document: pass {@link Holes#url} wherever a view shows a signed URL. */
    public static Holes holes() {
        byte[] token = new byte[12];
        RANDOM.nextBytes(token);
        return new Holes("~signed-" + HexFormat.of().formatHex(token) + "-");
    }

    /** The document with every URL signed now. The array is shared with later calls: do not change it. */
    public byte[] render(UrlSigner signer) {
        String expires = signer.expiresNow();
        Rendering rendering = last;
        if (rendering != null && rendering.expires().equals(expires)) {
            return rendering.json();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(literalBytes + keys.length * 160);
        JsonStringEncoder encoder = JsonStringEncoder.getInstance();
        for (int i = 0; i < keys.length; i++) {
            out.writeBytes(literals[i]);
            out.writeBytes(encoder.quoteAsUTF8(signer.url(keys[i], expires)));
        }
        out.writeBytes(literals[keys.length]);
        byte[] json = out.toByteArray();
        last = new Rendering(expires, json);
        return json;
    }

    /** Roughly what the template itself keeps in memory (its last rendering is about as big again). */
    public int sizeInBytes() {
        int size = literalBytes + 64;
        for (String key : keys) {
            size += 48 + key.length() * 2;
        }
        return size;
    }

    /** The stand-ins of one document and the keys they stand for, in the order handed out. */
    public static final class Holes {
        private final String token;
        private final List<String> keys = new ArrayList<>();

        private Holes(String token) {
            this.token = token;
        }

        /** The stand-in for {@code key}'s signed URL. */
        public String url(String key) {
            FileKeys.requireValid(key);
            keys.add(key);
            return token + (keys.size() - 1) + "~";
        }

        /** Cuts {@code json} (serialised with this object's stand-ins) into the template. */
        public SignedJsonTemplate template(byte[] json) {
            byte[] marker = token.getBytes(StandardCharsets.US_ASCII);
            byte[][] literals = new byte[keys.size() + 1][];
            String[] ordered = new String[keys.size()];
            int from = 0;
            int found = 0;
            for (int at = indexOf(json, marker, 0); at >= 0; at = indexOf(json, marker, from)) {
                int end = at + marker.length;
                int index = 0;
                while (json[end] != '~') {
                    index = index * 10 + (json[end++] - '0');
                }
                if (found == ordered.length) {
                    throw new IllegalStateException("more stand-ins in the document than were handed out");
                }
                literals[found] = Arrays.copyOfRange(json, from, at);
                ordered[found] = keys.get(index);
                found++;
                from = end + 1;
            }
            if (found != keys.size()) {
                throw new IllegalStateException(keys.size() + " stand-ins handed out, " + found + " in the document");
            }
            literals[found] = Arrays.copyOfRange(json, from, json.length);
            return new SignedJsonTemplate(literals, ordered);
        }

        private static int indexOf(byte[] data, byte[] marker, int from) {
            outer:
            for (int i = from; i <= data.length - marker.length; i++) {
                for (int j = 0; j < marker.length; j++) {
                    if (data[i + j] != marker[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            return -1;
        }
    }
}
