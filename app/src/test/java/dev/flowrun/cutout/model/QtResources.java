package dev.flowrun.cutout.model;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads one file out of a compiled Qt resource bundle ({@code .rcc}), the form GCompris ships its photographs in:
 * a header ({@code qres}, version, tree, data and names offsets), a tree of entries (name, flags, then children for
 * a folder or the data offset for a file) and the files' bytes, zlib-compressed where flag 1 says so. Photographs are
 * stored as they are (compressing a WebP gains nothing).
 */
final class QtResources {
    private final ByteBuffer b;
    private final int tree;
    private final int data;
    private final int names;
    private final int entrySize;

    private QtResources(byte[] bytes) throws IOException {
        b = ByteBuffer.wrap(bytes);
        if (bytes.length < 20 || !new String(bytes, 0, 4, StandardCharsets.US_ASCII).equals("qres")) {
            throw new IOException("not a Qt resource bundle");
        }
        int version = b.getInt(4);
        tree = b.getInt(8);
        data = b.getInt(12);
        names = b.getInt(16);
        entrySize = version >= 2 ? 22 : 14;
    }

    /** The bytes of {@code path} (folders separated by {@code /}) inside the bundle {@code rcc}. */
    static byte[] read(Path rcc, String path) throws IOException {
        QtResources r = new QtResources(Files.readAllBytes(rcc));
        int entry = 0;
        for (String part : path.replaceFirst("^/", "").split("/")) {
            entry = r.child(entry, part);
            if (entry < 0) {
                throw new IOException(rcc + " has no " + path);
            }
        }
        return r.bytes(entry);
    }

    private int child(int folder, String name) {
        int e = tree + folder * entrySize;
        if ((b.getShort(e + 4) & 2) == 0) {
            return -1;
        }
        int count = b.getInt(e + 6);
        int first = b.getInt(e + 10);
        for (int c = first; c < first + count; c++) {
            if (name(b.getInt(tree + c * entrySize)).equals(name)) {
                return c;
            }
        }
        return -1;
    }

    private String name(int offset) {
        int length = b.getShort(names + offset) & 0xFFFF;
        byte[] utf16 = new byte[2 * length];
        b.get(names + offset + 6, utf16);
        return new String(utf16, StandardCharsets.UTF_16BE);
    }

    private byte[] bytes(int entry) throws IOException {
        int e = tree + entry * entrySize;
        int flags = b.getShort(e + 4);
        int offset = data + b.getInt(e + 10);
        byte[] stored = new byte[b.getInt(offset)];
        b.get(offset + 4, stored);
        if ((flags & 1) == 0) {
            return stored;
        }
        Inflater inflater = new Inflater();
        inflater.setInput(stored, 4, stored.length - 4); // after the uncompressed length
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[65536];
        try {
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && inflater.needsInput()) {
                    throw new IOException("truncated resource");
                }
                out.write(chunk, 0, n);
            }
        } catch (DataFormatException ex) {
            throw new IOException(ex);
        } finally {
            inflater.end();
        }
        return out.toByteArray();
    }
}
