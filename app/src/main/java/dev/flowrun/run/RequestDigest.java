package dev.flowrun.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What "the same body" means for {@code Idempotency-Key} (README, Walk-through with curl): the SHA-256 of the request as flowrun reads
 * it, not of its bytes. A JSON body counts by its content: object keys in any order, any whitespace, give one
 * digest. A multipart form counts by its parts in order, each by name, file name and content (see
 * {@code upload.FormDigest}); its boundary and each part's Content-Type do not count, since a client sending the
 * same files again picks a new boundary.
 */
public final class RequestDigest {
    private final MessageDigest sha = sha256();

    private RequestDigest() {
    }

    /** The digest of a JSON body: objects with their keys sorted, numbers and strings as written. */
    public static String ofJson(JsonNode body) {
        RequestDigest digest = new RequestDigest();
        digest.add(body);
        return digest.hex();
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    private void add(JsonNode node) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            text("{");
            for (String name : names) {
                string(name);
                add(node.get(name));
            }
            text("}");
        } else if (node.isArray()) {
            text("[");
            node.forEach(this::add);
            text("]");
        } else if (node.isTextual()) {
            string(node.textValue());
        } else {
            text(node.toString());
            text(",");
        }
    }

    /** Length-prefixed, so no two different documents feed the digest the same bytes. */
    private void string(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        text("\"" + bytes.length + ":");
        sha.update(bytes);
    }

    private void text(String value) {
        sha.update(value.getBytes(StandardCharsets.UTF_8));
    }

    private String hex() {
        return HexFormat.of().formatHex(sha.digest());
    }
}
