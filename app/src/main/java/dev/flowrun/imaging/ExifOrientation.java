package dev.flowrun.imaging;

import static dev.flowrun.imaging.JpegMarkers.APP1;
import static dev.flowrun.imaging.JpegMarkers.EOI;
import static dev.flowrun.imaging.JpegMarkers.SOI;
import static dev.flowrun.imaging.JpegMarkers.SOS;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads the EXIF orientation tag (0x0112) of a JPEG. Cameras and phones store pixels as the sensor saw them and
 * record the rotation here; ImageIO ignores it, so without this portrait photos come out sideways. Only the
 * markers before the image data are read, skipping other segments by their length.
 */
public final class ExifOrientation {
    static final int NORMAL = 1;

    private static final int ORIENTATION_TAG = 0x0112;
    private static final int TYPE_SHORT = 3;
    private static final byte[] EXIF_ID = {'E', 'x', 'i', 'f', 0, 0};

    private ExifOrientation() {
    }

    /** The orientation 1–8 of the JPEG in {@code in}; 1 when absent, unreadable or out of range. */
    public static int read(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        try {
            if (data.readUnsignedByte() != 0xFF || data.readUnsignedByte() != SOI) {
                return NORMAL;
            }
            while (true) {
                int marker = nextMarker(data);
                if (marker == SOS || marker == EOI) {
                    return NORMAL;
                }
                if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
                    continue; // standalone markers carry no length
                }
                int length = data.readUnsignedShort() - 2;
                if (length < 0) {
                    return NORMAL;
                }
                if (marker == APP1 && length >= 14) {
                    // Only the first Exif segment is read (a file has one; XMP and others share the marker and
                    // are skipped unread): a file of a thousand 64 KB APP1 segments costs one of them.
                    byte[] id = new byte[EXIF_ID.length];
                    data.readFully(id);
                    if (!java.util.Arrays.equals(id, EXIF_ID)) {
                        data.skipNBytes(length - EXIF_ID.length);
                        continue;
                    }
                    byte[] segment = new byte[length];
                    System.arraycopy(id, 0, segment, 0, id.length);
                    data.readFully(segment, EXIF_ID.length, length - EXIF_ID.length);
                    Integer found = fromApp1(segment);
                    return found == null ? NORMAL : found;
                }
                data.skipNBytes(length);
            }
        } catch (EOFException e) {
            return NORMAL;
        }
    }

    private static int nextMarker(DataInputStream data) throws IOException {
        int b = data.readUnsignedByte();
        while (b != 0xFF) { // tolerate junk between segments
            b = data.readUnsignedByte();
        }
        while (b == 0xFF) { // fill bytes
            b = data.readUnsignedByte();
        }
        return b;
    }

    /** The orientation from an APP1 segment's payload, or null if it is not Exif or has no valid tag. */
    static Integer fromApp1(byte[] s) {
        if (s.length < 14 || s[0] != 'E' || s[1] != 'x' || s[2] != 'i' || s[3] != 'f' || s[4] != 0 || s[5] != 0) {
            return null;
        }
        int tiff = 6;
        boolean little;
        if (s[tiff] == 'I' && s[tiff + 1] == 'I') {
            little = true;
        } else if (s[tiff] == 'M' && s[tiff + 1] == 'M') {
            little = false;
        } else {
            return null;
        }
        if (u16(s, tiff + 2, little) != 42) {
            return null;
        }
        long ifd = tiff + u32(s, tiff + 4, little);
        if (ifd + 2 > s.length) {
            return null;
        }
        int entries = u16(s, (int) ifd, little);
        for (int e = 0; e < entries; e++) {
            long at = ifd + 2 + 12L * e;
            if (at + 12 > s.length) {
                return null;
            }
            int p = (int) at;
            if (u16(s, p, little) == ORIENTATION_TAG) {
                if (u16(s, p + 2, little) != TYPE_SHORT) {
                    return null;
                }
                int value = u16(s, p + 8, little); // a single SHORT sits left-aligned in the value field
                return value >= 1 && value <= 8 ? value : null;
            }
        }
        return null;
    }

    private static int u16(byte[] s, int p, boolean little) {
        int a = s[p] & 0xFF;
        int b = s[p + 1] & 0xFF;
        return little ? b << 8 | a : a << 8 | b;
    }

    private static long u32(byte[] s, int p, boolean little) {
        long hi = u16(s, little ? p + 2 : p, little);
        long lo = u16(s, little ? p : p + 2, little);
        return hi << 16 | lo;
    }
}
