package dev.flowrun.support;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** A grayscale TIFF whose one strip is a whole JPEG stream (compression 7), as scanners and cameras write them. */
public final class JpegTiff {
    private JpegTiff() {
    }

    public static byte[] wrapping(byte[] jpeg, int width, int height) {
        int[][] tags = { // tag, type (3 SHORT, 4 LONG), value
                {256, 4, width}, {257, 4, height}, {258, 3, 8}, {259, 3, 7}, {262, 3, 1}, {273, 4, 0}, {277, 3, 1},
                {278, 4, height}, {279, 4, jpeg.length}};
        int ifdLength = 2 + tags.length * 12 + 4;
        int stripOffset = 8 + ifdLength;
        ByteBuffer b = ByteBuffer.allocate(stripOffset + jpeg.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 'I').put((byte) 'I').putShort((short) 42).putInt(8).putShort((short) tags.length);
        for (int[] t : tags) {
            int value = t[0] == 273 ? stripOffset : t[2];
            b.putShort((short) t[0]).putShort((short) t[1]).putInt(1);
            if (t[1] == 3) {
                b.putShort((short) value).putShort((short) 0);
            } else {
                b.putInt(value);
            }
        }
        b.putInt(0).put(jpeg);
        return b.array();
    }
}
