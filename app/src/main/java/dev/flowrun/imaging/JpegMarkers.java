package dev.flowrun.imaging;

/** The JPEG marker codes this service reads or writes (the byte after {@code 0xFF}; ITU T.81, Table B.1). */
public final class JpegMarkers {
    /** Start of image. */
    public static final int SOI = 0xD8;
    /** End of image. */
    public static final int EOI = 0xD9;
    /** Start of scan: entropy-coded data follows. */
    public static final int SOS = 0xDA;
    /** Define quantisation table(s). */
    public static final int DQT = 0xDB;
    /** Define Huffman table(s). */
    public static final int DHT = 0xC4;
    /** Start of frame, progressive. */
    public static final int SOF2 = 0xC2;
    /** Application segment 1: EXIF. */
    public static final int APP1 = 0xE1;

    private JpegMarkers() {
    }
}
