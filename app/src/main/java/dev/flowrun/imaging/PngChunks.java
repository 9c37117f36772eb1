package dev.flowrun.imaging;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** PNG's container: length, type, data and CRC per chunk; image data deflated into IDAT chunks. */
final class PngChunks {
    private static final int CHUNK = 1 << 16;
    /** Where an IDAT buffer starts: most outputs of small images fit, and it doubles up to a chunk when not. */
    private static final int FIRST_BUFFER = 1 << 13;

    private PngChunks() {
    }

    static void write(OutputStream out, String type, byte[] data, int length) throws IOException {
        byte[] head = new byte[8];
        putInt(head, 0, length);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(name, 0, head, 4, 4);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data, 0, length);
        byte[] tail = new byte[4];
        putInt(tail, 0, (int) crc.getValue());
        out.write(head);
        out.write(data, 0, length);
        out.write(tail);
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    /** Feeds rows to a deflater and writes its output as IDAT chunks of up to {@value #CHUNK} bytes. */
    static final class Idat {
        private final OutputStream out;
        private final Deflater deflater;
        private byte[] buffer = new byte[FIRST_BUFFER];
        private int filled;

        Idat(OutputStream out, Deflater deflater) {
            this.out = out;
            this.deflater = deflater;
        }

        void add(byte[] row) throws IOException {
            deflater.setInput(row);
            while (!deflater.needsInput()) {
                drain();
            }
        }

        void finish() throws IOException {
            deflater.finish();
            while (!deflater.finished()) {
                drain();
            }
            if (filled > 0) {
                write(out, "IDAT", buffer, filled);
                filled = 0;
            }
        }

        /** Chunks are {@value #CHUNK} bytes but the last, whatever the buffer's size: it only grows before the first. */
        private void drain() throws IOException {
            filled += deflater.deflate(buffer, filled, buffer.length - filled);
            if (filled == buffer.length) {
                if (buffer.length < CHUNK) {
                    buffer = Arrays.copyOf(buffer, Math.min(CHUNK, buffer.length * 2));
                } else {
                    write(out, "IDAT", buffer, filled);
                    filled = 0;
                }
            }
        }
    }
}
