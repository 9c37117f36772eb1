package dev.flowrun.cutout.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

/** The hashes model fetching checks: sha256 of chunks and models, npm's {@code sha512-<base64>} integrity. */
final class Digests {
    private Digests() {
    }

    static MessageDigest sha256() {
        return digest("SHA-256");
    }

    static MessageDigest sha512() {
        return digest("SHA-512");
    }

    static String sha256Hex(Path file) throws IOException {
        return HexFormat.of().formatHex(hash(file, sha256()));
    }

    /** npm's form of a sha512: {@code sha512-} and the base64 of the digest. */
    static String integrity(Path file) throws IOException {
        return "sha512-" + Base64.getEncoder().encodeToString(hash(file, sha512()));
    }

    private static byte[] hash(Path file, MessageDigest digest) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
        }
        return digest.digest();
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is part of every Java runtime", e);
        }
    }
}
