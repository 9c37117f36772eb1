package dev.flowrun.imaging;

/**
 * What the decoder needs from a BMP's headers before handing it to the JDK's reader: the size, which that reader
 * checks against the file only after refusing a header whose sizes disagree (so a bomb would pass for a corrupt
 * file), and the compression, since a BMP may wrap a whole JPEG or PNG (a printer format) that the reader then
 * decodes with checks of its own, out of this service's reach.
 */
final class BmpHeader {
    /** Bytes of the file needed: file header (14), DIB header size, width, height, planes, bits, compression. */
    static final int BYTES = 34;
    private static final int OS2_V1 = 12;
    private static final int OS2_V2 = 64;
    private static final int WINDOWS_V1 = 40;

    private BmpHeader() {
    }

    static long width(byte[] head) {
        return dibSize(head) == OS2_V1 ? littleEndian(head, 18, 2) : Math.abs((long) (int) littleEndian(head, 18, 4));
    }

    /** Negative in the 32-bit form for top-down images; as a long, so that −2³¹ has a magnitude too. */
    static long height(byte[] head) {
        return dibSize(head) == OS2_V1 ? littleEndian(head, 20, 2) : Math.abs((long) (int) littleEndian(head, 22, 4));
    }

    /**
     * Embedded JPEG or PNG data (compression 4, BI_JPEG, or 5, BI_PNG), in a Windows header (OS/2's version 2 gives
     * 4 another meaning, RLE24).
     */
    static boolean wrapsAnotherFormat(byte[] head) {
        long size = dibSize(head);
        long compression = littleEndian(head, 30, 4);
        return size >= WINDOWS_V1 && size != OS2_V2 && (compression == 4 || compression == 5);
    }

    private static long dibSize(byte[] head) {
        return littleEndian(head, 14, 4);
    }

    private static long littleEndian(byte[] bytes, int at, int count) {
        long value = 0;
        for (int i = count - 1; i >= 0; i--) {
            value = value << 8 | (bytes[at + i] & 0xFF);
        }
        return value;
    }
}
