package dev.flowrun.upload;

import dev.flowrun.run.RequestDigest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * "The same body" of a form for {@code Idempotency-Key} ({@link RequestDigest}): SHA-256 over its parts in order,
 * each as its name, its file name (none for a text part) and the SHA-256 of its content. The boundary and each
 * part's Content-Type, which a client may choose anew when it repeats a request, do not count.
 */
final class FormDigest {
    private final MessageDigest sha = RequestDigest.sha256();

    void add(String partName, String fileName, byte[] contentSha256) {
        text(partName);
        text(fileName == null ? "" : fileName);
        sha.update(contentSha256);
    }

    String hex() {
        return HexFormat.of().formatHex(sha.digest());
    }

    /** Length-prefixed: no two different forms feed the digest the same bytes. */
    private void text(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
        sha.update(bytes);
    }
}
