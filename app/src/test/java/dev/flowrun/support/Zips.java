package dev.flowrun.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Zip archives made in tests, in memory, with whatever entry names (hostile ones included), plus byte-level
 * edits for what {@link ZipOutputStream} will not write: symbolic links, a lying entry count, corruption.
 */
public final class Zips {
    private final List<Entry> entries = new ArrayList<>();

    private record Entry(String name, byte[] content, boolean stored) {
    }

    public static Zips builder() {
        return new Zips();
    }

    public Zips add(String name, byte[] content) {
        entries.add(new Entry(name, content, false));
        return this;
    }

    /** Without compression, so the content appears in the archive as it is (to corrupt it, say). */
    public Zips stored(String name, byte[] content) {
        entries.add(new Entry(name, content, true));
        return this;
    }

    public Zips folder(String name) {
        entries.add(new Entry(name.endsWith("/") ? name : name + "/", new byte[0], false));
        return this;
    }

    public byte[] build() {
        try {
            var bytes = new ByteArrayOutputStream();
            try (var zip = new ZipOutputStream(bytes)) {
                for (Entry entry : entries) {
                    ZipEntry zipEntry = new ZipEntry(entry.name());
                    if (entry.stored()) {
                        var crc = new CRC32();
                        crc.update(entry.content());
                        zipEntry.setMethod(ZipEntry.STORED);
                        zipEntry.setSize(entry.content().length);
                        zipEntry.setCrc(crc.getValue());
                    }
                    zip.putNextEntry(zipEntry);
                    zip.write(entry.content());
                    zip.closeEntry();
                }
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A tiny valid PNG, different for each {@code seed}. */
    public static byte[] png(int seed) {
        var image = new java.awt.image.BufferedImage(8, 8, java.awt.image.BufferedImage.TYPE_INT_RGB);
        image.setRGB(seed % 8, (seed / 8) % 8, 0xFF0000 + seed);
        return Images.encode(image, "png");
    }

    /** The start of a BMP file (a valid header), so an entry passes as an image by its content. */
    public static byte[] bmpHeader() {
        ByteBuffer header = ByteBuffer.allocate(54).order(ByteOrder.LITTLE_ENDIAN);
        header.put((byte) 'B').put((byte) 'M').putInt(54 + 4).putInt(0).putInt(54);
        header.putInt(40).putInt(1).putInt(1).putShort((short) 1).putShort((short) 24).putInt(0).putInt(4);
        return header.array();
    }

    /**
     * An entry that is a BMP header followed by {@code zeros} zero bytes: an image by its content that deflates
     * about a thousand to one. Written a MiB at a time, so making it costs no memory.
     */
    public static byte[] bombArchive(String name, long zeros) {
        try {
            var bytes = new ByteArrayOutputStream();
            try (var zip = new ZipOutputStream(bytes)) {
                zip.setLevel(9);
                zip.putNextEntry(new ZipEntry(name));
                zip.write(bmpHeader());
                byte[] mib = new byte[1 << 20];
                for (long left = zeros; left > 0; left -= mib.length) {
                    zip.write(mib, 0, (int) Math.min(mib.length, left));
                }
                zip.closeEntry();
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Marks the named entry, in the central directory, as a Unix symbolic link (its content is the link target). */
    public static byte[] markSymlink(byte[] zip, String name) {
        byte[] madeByUnix = withCentralField(zip, name, 4, 2, 3 << 8 | 20);
        return withCentralField(madeByUnix, name, 38, 4, 0120777 << 16);
    }

    /**
     * Sets a field of the named entry's central directory record: offset 8 (2 bytes) holds the flags, 24 (4) the
     * declared uncompressed size, 38 (4) the external attributes.
     */
    public static byte[] withCentralField(byte[] zip, String name, int offset, int width, long value) {
        byte[] copy = zip.clone();
        ByteBuffer buffer = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        int end = endRecord(copy);
        int at = buffer.getInt(end + 16);
        int count = buffer.getShort(end + 10) & 0xFFFF;
        for (int i = 0; i < count; i++) {
            int nameLength = buffer.getShort(at + 28) & 0xFFFF;
            int extraLength = buffer.getShort(at + 30) & 0xFFFF;
            int commentLength = buffer.getShort(at + 32) & 0xFFFF;
            if (new String(copy, at + 46, nameLength, StandardCharsets.UTF_8).equals(name)) {
                if (width == 2) {
                    buffer.putShort(at + offset, (short) value);
                } else {
                    buffer.putInt(at + offset, (int) value);
                }
                return copy;
            }
            at += 46 + nameLength + extraLength + commentLength;
        }
        throw new IllegalArgumentException("no entry " + name);
    }

    /**
     * An archive of one entry, {@code content} stored once, whose directory lists it {@code copies} times under
     * the names {@code copy-0001.png}, {@code copy-0002.png}, ...: every record points at the same local header
     * (the "overlapping" zip bomb; names of 4 digits, so at most 9999 copies).
     */
    public static byte[] overlapping(byte[] content, int copies) {
        byte[] single = builder().add("copy-0000.png", content).build();
        ByteBuffer buffer = ByteBuffer.wrap(single).order(ByteOrder.LITTLE_ENDIAN);
        int end = endRecord(single);
        int directory = buffer.getInt(end + 16);
        int recordLength = buffer.getInt(end + 12);
        var out = new ByteArrayOutputStream();
        out.write(single, 0, directory);
        for (int i = 1; i <= copies; i++) {
            byte[] record = java.util.Arrays.copyOfRange(single, directory, directory + recordLength);
            byte[] name = String.format("copy-%04d.png", i).getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(name, 0, record, 46, name.length);
            out.writeBytes(record);
        }
        ByteBuffer endRecord = ByteBuffer.wrap(java.util.Arrays.copyOfRange(single, end, single.length))
                .order(ByteOrder.LITTLE_ENDIAN);
        endRecord.putShort(8, (short) copies).putShort(10, (short) copies).putInt(12, copies * recordLength);
        out.writeBytes(endRecord.array());
        return out.toByteArray();
    }

    /** Sets the entry count of the end record (what a careless reader would trust). */
    public static byte[] withDeclaredEntries(byte[] zip, int count) {
        byte[] copy = zip.clone();
        ByteBuffer buffer = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        int end = endRecord(copy);
        buffer.putShort(end + 8, (short) count).putShort(end + 10, (short) count);
        return copy;
    }

    /** Replaces the first occurrence of {@code find} (e.g. a stored entry's bytes) with {@code with}, same length. */
    public static byte[] replaceFirst(byte[] zip, byte[] find, byte[] with) {
        byte[] copy = zip.clone();
        outer:
        for (int i = 0; i + find.length <= copy.length; i++) {
            for (int j = 0; j < find.length; j++) {
                if (copy[i + j] != find[j]) {
                    continue outer;
                }
            }
            System.arraycopy(with, 0, copy, i, with.length);
            return copy;
        }
        throw new IllegalArgumentException("bytes not found");
    }

    /**
     * Renames an entry in its local header and in the directory to a name of the same length, which may be one
     * another entry has already: {@link ZipOutputStream} refuses to write duplicate names itself.
     */
    public static byte[] rename(byte[] zip, String from, String to) {
        byte[] find = from.getBytes(StandardCharsets.UTF_8);
        byte[] with = to.getBytes(StandardCharsets.UTF_8);
        if (find.length != with.length) {
            throw new IllegalArgumentException("names of different lengths");
        }
        byte[] once = replaceFirst(zip, find, with);
        return replaceFirst(once, find, with);
    }

    private static int endRecord(byte[] zip) {
        ByteBuffer buffer = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = zip.length - 22; i >= 0; i--) {
            if (buffer.getInt(i) == 0x06054b50) {
                return i;
            }
        }
        throw new IllegalArgumentException("not a zip");
    }
}
