package dev.flowrun.imaging;

import static dev.flowrun.imaging.JpegMarkers.EOI;
import static dev.flowrun.imaging.JpegMarkers.SOI;
import static dev.flowrun.imaging.JpegMarkers.SOS;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Counts the scans of a JPEG stream by walking its markers, without decoding anything. A progressive JPEG may
 * have any number of scans, each refining the whole image, and decoders pay for every one of them over the full
 * image: a 1 MB file of 10,000 nearly empty scans kept a worker busy for three minutes. Browsers stop such files
 * after a fixed count (Chromium and Skia at 100 scans, Firefox at 1000), as does libjpeg-turbo's fuzzing harness
 * (100, through {@code TJPARAM_SCANLIMIT}, whose default is no limit; {@code djpeg -maxscans} likewise has none
 * unless given). Ordinary progressive files have about ten (libjpeg's default script: 10 for colour, 6 for gray).
 *
 * <p>Segments are skipped by their length and entropy-coded data byte by byte up to the next marker, so text hidden
 * in a comment or an EXIF thumbnail is never mistaken for a marker. The walk ends at the stream's end (EOI), at
 * anything malformed (left to the decoder to report), or as soon as the count passes the limit.
 */
public final class JpegScans {
    /** The most scans one JPEG stream may have. */
    public static final int LIMIT = 100;

    private JpegScans() {
    }

    /** The scans of the JPEG file {@code file}, counted up to {@code limit} + 1. */
    public static int inFile(Path file, int limit) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return inStream(channel, 0, channel.size(), limit);
        }
    }

    /** The scans of the JPEG stream stored at {@code [start, start + length)} of {@code channel}. */
    static int inStream(FileChannel channel, long start, long length, int limit) throws IOException {
        if (start < 0 || length < 2 || start >= channel.size()) {
            return 0;
        }
        var cursor = new Cursor(Channels.newInputStream(channel.position(start)), length);
        if (cursor.next() != 0xFF || cursor.next() != SOI) {
            return 0;
        }
        return walk(cursor, limit);
    }

    private static int walk(Cursor in, int limit) throws IOException {
        int scans = 0;
        int marker = nextMarker(in);
        while (marker >= 0 && marker != EOI && marker != SOI) {
            if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { // TEM and RSTn: no length
                marker = nextMarker(in);
                continue;
            }
            int high = in.next();
            int low = in.next();
            int length = high << 8 | low;
            if (high < 0 || low < 0 || length < 2 || !in.skip(length - 2)) {
                break;
            }
            if (marker == SOS) {
                if (++scans > limit) {
                    break;
                }
                marker = markerAfterEntropyData(in);
            } else {
                marker = nextMarker(in);
            }
        }
        return scans;
    }

    /** The code of the marker that must start here (after fill bytes), or -1 if none does. */
    private static int nextMarker(Cursor in) throws IOException {
        if (in.next() != 0xFF) {
            return -1;
        }
        int code;
        do {
            code = in.next();
        } while (code == 0xFF);
        return code == 0 ? -1 : code;
    }

    /** Skips coded data, where 0xFF 0x00 is a data byte and RSTn markers belong to the data, to the next marker. */
    private static int markerAfterEntropyData(Cursor in) throws IOException {
        while (true) {
            int b = in.next();
            if (b < 0) {
                return -1;
            }
            if (b != 0xFF) {
                continue;
            }
            int code;
            do {
                code = in.next();
            } while (code == 0xFF);
            if (code < 0) {
                return -1;
            }
            if (code != 0 && (code < 0xD0 || code > 0xD7)) {
                return code;
            }
        }
    }

    /** Reads at most {@code limit} bytes through its own buffer: a byte costs an array read, not a call. */
    private static final class Cursor {
        private final InputStream in;
        private final byte[] buffer;
        private long left;
        private int position;
        private int filled;

        Cursor(InputStream in, long limit) {
            this.in = in;
            this.left = limit;
            // Sized to the stream: a TIFF's thousands of small strips each get a small buffer.
            this.buffer = new byte[(int) Math.min(64 * 1024, limit)];
        }

        int next() throws IOException {
            if (position == filled && !fill()) {
                return -1;
            }
            return buffer[position++] & 0xFF;
        }

        /** False when the data ends first. */
        boolean skip(long count) throws IOException {
            while (count > 0) {
                if (position == filled && !fill()) {
                    return false;
                }
                int step = (int) Math.min(count, filled - position);
                position += step;
                count -= step;
            }
            return true;
        }

        private boolean fill() throws IOException {
            if (left <= 0) {
                return false;
            }
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n <= 0) {
                return false;
            }
            left -= n;
            position = 0;
            filled = n;
            return true;
        }
    }
}
