package dev.flowrun.support;

import static dev.flowrun.imaging.JpegMarkers.DHT;
import static dev.flowrun.imaging.JpegMarkers.DQT;
import static dev.flowrun.imaging.JpegMarkers.EOI;
import static dev.flowrun.imaging.JpegMarkers.SOF2;
import static dev.flowrun.imaging.JpegMarkers.SOI;
import static dev.flowrun.imaging.JpegMarkers.SOS;

import java.io.ByteArrayOutputStream;

/**
 * Progressive grayscale JPEGs with as many scans as asked: a DC scan, then AC scans that each hold nothing but a
 * few end-of-band runs covering every block, some fifty bytes however large the image. A valid file, and the
 * costly kind: a decoder pays for each scan over the whole image (the "LJT-01-003" issue of libjpeg-turbo's
 * report on the JPEG standard). 10,000 scans of 7000×7000 make 0.86 MB.
 */
public final class JpegScanBomb {

    private JpegScanBomb() {
    }

    public static byte[] of(int width, int height, int scans) {
        var out = new ByteArrayOutputStream();
        out.write(0xFF);
        out.write(SOI);
        byte[] quantisation = new byte[65];
        java.util.Arrays.fill(quantisation, 1, 65, (byte) 1);
        segment(out, DQT, quantisation);
        segment(out, SOF2, new byte[] {8, (byte) (height >> 8), (byte) height, (byte) (width >> 8), (byte) width,
                1, 1, 0x11, 0});
        // DC table 0: the single code '0' for "no difference".
        byte[] dc = new byte[18];
        dc[1] = 1;
        segment(out, DHT, dc);
        // AC table 0: '0' for EOB14 (a run of 2^14 + 14 bits), then 5-bit codes for EOB13 ... EOB0.
        byte[] ac = new byte[17 + 15];
        ac[0] = 0x10;
        ac[1] = 1;
        ac[5] = 14;
        for (int r = 14; r >= 0; r--) {
            ac[17 + 14 - r] = (byte) (r << 4);
        }
        segment(out, DHT, ac);
        int blocks = ((width + 7) / 8) * ((height + 7) / 8);
        scanHeader(out, 0, 0);
        var bits = new BitWriter(out);
        for (int i = 0; i < blocks; i++) {
            bits.put(0, 1);
        }
        bits.flush();
        for (int s = 1; s < scans; s++) {
            scanHeader(out, 1, 63);
            bits = new BitWriter(out);
            for (int left = blocks; left > 0; ) {
                int r = Math.min(14, 31 - Integer.numberOfLeadingZeros(left));
                int run = Math.min(left, (1 << (r + 1)) - 1);
                if (r == 14) {
                    bits.put(0, 1);
                } else {
                    bits.put(0b10000 + 13 - r, 5);
                }
                bits.put(run - (1 << r), r);
                left -= run;
            }
            bits.flush();
        }
        out.write(0xFF);
        out.write(EOI);
        return out.toByteArray();
    }

    private static void scanHeader(ByteArrayOutputStream out, int spectralStart, int spectralEnd) {
        segment(out, SOS, new byte[] {1, 1, 0x00, (byte) spectralStart, (byte) spectralEnd, 0});
    }

    private static void segment(ByteArrayOutputStream out, int marker, byte[] body) {
        out.write(0xFF);
        out.write(marker);
        out.write((body.length + 2) >> 8);
        out.write(body.length + 2);
        out.write(body, 0, body.length);
    }

    /** Entropy-coded bits, most significant first, with a 0 stuffed after every 0xFF byte and 1s to pad. */
    private static final class BitWriter {
        private final ByteArrayOutputStream out;
        private int bits;
        private int count;

        BitWriter(ByteArrayOutputStream out) {
            this.out = out;
        }

        void put(int value, int length) {
            for (int i = length - 1; i >= 0; i--) {
                bits = bits << 1 | (value >> i & 1);
                if (++count == 8) {
                    out.write(bits);
                    if (bits == 0xFF) {
                        out.write(0);
                    }
                    bits = 0;
                    count = 0;
                }
            }
        }

        void flush() {
            while (count != 0) {
                put(1, 1);
            }
        }
    }
}
