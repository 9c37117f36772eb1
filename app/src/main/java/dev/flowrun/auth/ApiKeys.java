package dev.flowrun.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Key material. Keys are 32 random bytes, so a plain SHA-256 is enough to store them: there is nothing to
 * brute-force, unlike a password, and a lookup stays one indexed equality.
 */
public final class ApiKeys {
    private static final String PREFIX = "fr_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeys() {
    }

    public static String generate() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static String hash(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The first characters, stored in clear so a person can tell keys apart. */
    public static String prefix(String key) {
        return key.substring(0, Math.min(key.length(), 10));
    }
}
