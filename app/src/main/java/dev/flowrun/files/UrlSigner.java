package dev.flowrun.files;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and verifies {@code /files/{key}?expires=..&sig=..} URLs so files can be fetched without a
 * session (e.g. by an {@code <img>} tag) while staying unguessable and short-lived.
 *
 * <p>The signature covers {@code key + "\n" + expires} exactly as they appear, so changing either
 * (even to an equivalent spelling such as a leading zero) invalidates it.
 */
public final class UrlSigner {
    private static final String ALGORITHM = "HmacSHA256";
    /** Base64url without padding of a 32-byte HMAC-SHA256. */
    private static final int SIG_LENGTH = 43;
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final SecretKeySpec secret;
    private final String publicBaseUrl;
    private final Duration ttl;
    private final Clock clock;
    /**
     * A Mac is not thread-safe, and looking one up and keying it cost more than the signature itself (a page of
     * 25 items signs 51 URLs), so each thread keeps one.
     */
    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);

    public UrlSigner(byte[] secret, String publicBaseUrl, Duration ttl, Clock clock) {
        if (secret == null || secret.length == 0) throw new IllegalArgumentException("secret must not be empty");
        if (ttl == null || ttl.isNegative() || ttl.isZero()) throw new IllegalArgumentException("ttl must be positive");
        if (publicBaseUrl == null || publicBaseUrl.isBlank()) throw new IllegalArgumentException("publicBaseUrl is required");
        if (clock == null) throw new IllegalArgumentException("clock is required");
        this.secret = new SecretKeySpec(secret.clone(), ALGORITHM);
        this.publicBaseUrl = stripTrailingSlashes(publicBaseUrl.strip());
        this.ttl = ttl;
        this.clock = clock;
    }

    /** @throws IllegalArgumentException if {@code key} is not a valid store key */
    public SignedUrl sign(String key) {
        String expires = expiresNow();
        return new SignedUrl(url(key, expires), Instant.ofEpochSecond(Long.parseLong(expires)));
    }

    /**
     * The {@code expires} value a URL signed now carries: one TTL from now, in whole seconds. A response that
     * signs many URLs takes it once, so they all end together; it changes once a second.
     */
    public String expiresNow() {
        return Long.toString(clock.instant().plus(ttl).truncatedTo(ChronoUnit.SECONDS).getEpochSecond());
    }

    /** The URL of {@code key} signed to expire at {@code expires} (a value of {@link #expiresNow}). */
    public String url(String key, String expires) {
        FileKeys.requireValid(key);
        return publicBaseUrl + "/files/" + encodePath(key) + "?expires=" + expires + "&sig=" + signature(key, expires);
    }

    /** False for anything but an unexpired, untampered signature made by {@link #sign}; never throws. */
    public boolean verify(String key, String expires, String sig) {
        if (key == null || !FileKeys.isValid(key)) return false;
        if (!isWellFormedSig(sig)) return false;
        Long expiresSeconds = parseEpochSeconds(expires);
        if (expiresSeconds == null) return false;
        if (!clock.instant().isBefore(Instant.ofEpochSecond(expiresSeconds))) return false;
        // Compare the encoded text, not decoded bytes: base64 decoders ignore the unused low bits of
        // the last character, which would let several spellings of one signature pass.
        byte[] expected = signature(key, expires).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, sig.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * The store key of {@code url} when it is a file URL of this service signed by this signer and not expired;
     * null when it is not under this service's {@code /files/} at all. One of ours that fails the check is
     * {@link #INVALID}. Create uses it to read such files from the store instead of downloading them.
     */
    public String ownKey(String url) {
        String prefix = publicBaseUrl + "/files/";
        if (url == null || !url.startsWith(prefix)) return null;
        String rest = url.substring(prefix.length());
        int hash = rest.indexOf('#');
        if (hash >= 0) rest = rest.substring(0, hash);
        int question = rest.indexOf('?');
        if (question < 0) return INVALID;
        String expires = null;
        String sig = null;
        for (String pair : rest.substring(question + 1).split("&")) {
            if (pair.startsWith("expires=")) expires = pair.substring("expires=".length());
            else if (pair.startsWith("sig=")) sig = pair.substring("sig=".length());
        }
        String key = keyFromPath(rest.substring(0, question));
        return verify(key, expires, sig) ? key : INVALID;
    }

    /** What {@link #ownKey} answers for a URL of this service whose signature is wrong or whose time is past. */
    public static final String INVALID = "";

    /**
     * Turns the raw (still percent-encoded) path after {@code /files/} back into a store key by
     * decoding each segment; null if any segment is malformed. The key still needs {@link #verify}.
     */
    public static String keyFromPath(String rawPathAfterFilesSlash) {
        if (rawPathAfterFilesSlash == null) return null;
        StringJoiner key = new StringJoiner("/");
        for (String segment : rawPathAfterFilesSlash.split("/", -1)) {
            String decoded = PercentEncoding.decode(segment);
            if (decoded == null) return null;
            key.add(decoded);
        }
        return key.toString();
    }

    static String encodePath(String key) {
        StringJoiner path = new StringJoiner("/");
        for (String segment : key.split("/", -1)) path.add(PercentEncoding.encode(segment));
        return path.toString();
    }

    private String signature(String key, String expires) {
        // doFinal leaves the Mac ready for the next message with the same secret.
        byte[] digest = macs.get().doFinal((key + "\n" + expires).getBytes(StandardCharsets.UTF_8));
        return BASE64URL.encodeToString(digest);
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(secret);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required by every Java platform", e);
        }
    }

    private static boolean isWellFormedSig(String sig) {
        if (sig == null || sig.length() != SIG_LENGTH) return false;
        for (int i = 0; i < sig.length(); i++) {
            char c = sig.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!ok) return false;
        }
        return true;
    }

    private static Long parseEpochSeconds(String expires) {
        // Bounded length keeps Long.parseLong from overflowing and Instant.ofEpochSecond in range.
        if (expires == null || expires.isEmpty() || expires.length() > 12) return null;
        for (int i = 0; i < expires.length(); i++) {
            char c = expires.charAt(i);
            if (c < '0' || c > '9') return null;
        }
        return Long.parseLong(expires);
    }

    private static String stripTrailingSlashes(String url) {
        int end = url.length();
        while (end > 0 && url.charAt(end - 1) == '/') end--;
        return url.substring(0, end);
    }
}
