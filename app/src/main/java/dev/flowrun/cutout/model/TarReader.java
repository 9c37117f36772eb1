package dev.flowrun.cutout.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads the regular files of a tar stream (ustar, with GNU long names and pax path records, as npm writes them),
 * handing each to a visitor with a stream limited to its bytes. Nothing else of tar is needed to read a package.
 */
final class TarReader {
    private static final int BLOCK = 512;

    interface Visitor {
        /** {@code content} ends at the entry's end; the visitor may read part of it or none. */
        void file(String name, long size, InputStream content) throws IOException;
    }

    private TarReader() {
    }

    static void read(InputStream in, Visitor visitor) throws IOException {
        byte[] header = new byte[BLOCK];
        String longName = null;
        while (true) {
            int read = in.readNBytes(header, 0, BLOCK);
            if (read == 0 || read == BLOCK && isZero(header)) {
                return; // end of the stream, or the end-of-archive marker
            }
            if (read < BLOCK) {
                throw new IOException("the tar archive ends in the middle of a header");
            }
            String name = longName != null ? longName : name(header);
            longName = null;
            long size = size(header);
            byte type = header[156];
            Limited content = new Limited(in, size);
            if (type == 'L') {
                longName = text(content.readAllBytes());
            } else if (type == 'x') {
                longName = paxPath(text(content.readAllBytes()));
            } else if (type == '0' || type == 0) {
                visitor.file(name, size, content);
            }
            content.skipRest();
            in.skipNBytes((BLOCK - size % BLOCK) % BLOCK); // EOFException if the archive is cut short
        }
    }

    static String name(byte[] header) {
        String name = field(header, 0, 100);
        String prefix = field(header, 345, 155);
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /** Octal, or base-256 when the top bit of the first byte is set (sizes of 8 GiB and more). */
    static long size(byte[] header) throws IOException {
        if ((header[124] & 0x80) != 0) {
            long value = 0;
            for (int i = 125; i < 136; i++) {
                value = value << 8 | (header[i] & 0xFF);
            }
            return value;
        }
        String octal = field(header, 124, 12).trim();
        try {
            return octal.isEmpty() ? 0 : Long.parseLong(octal, 8);
        } catch (NumberFormatException e) {
            throw new IOException("the tar archive has a header with a bad size: " + octal);
        }
    }

    private static String paxPath(String records) {
        for (String record : records.split("\n")) {
            int space = record.indexOf(' ');
            if (space > 0 && record.startsWith("path=", space + 1)) {
                return record.substring(space + 1 + "path=".length());
            }
        }
        return null;
    }

    private static String field(byte[] header, int at, int length) {
        int end = at;
        while (end < at + length && header[end] != 0) {
            end++;
        }
        return new String(header, at, end - at, StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }

    private static boolean isZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /** The entry's bytes: reads stop at its end; {@link #skipRest} moves the archive past it. */
    private static final class Limited extends InputStream {
        private final InputStream in;
        private long left;

        Limited(InputStream in, long size) {
            this.in = in;
            this.left = size;
        }

        @Override
        public int read() throws IOException {
            byte[] one = readNBytes(1); // through the block read below, which holds the logic
            return one.length == 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(buffer, offset, (int) Math.min(length, left));
            if (n < 0) {
                throw new IOException("the tar archive is truncated");
            }
            left -= n;
            return n;
        }

        void skipRest() throws IOException {
            in.skipNBytes(left);
            left = 0;
        }
    }
}
