package dev.flowrun.input.zip;

/**
 * Whether an entry is an image, by its first bytes (by content, not by name: docs/zip-runs.md): JPEG, PNG, GIF,
 * BMP, TIFF (and BigTIFF) and WebP, the formats the image input node reads.
 */
public final class ImageSignatures {
    public static final int HEAD_BYTES = 18;

    private ImageSignatures() {
    }

    public static boolean isImage(byte[] head) {
        return starts(head, 0xFF, 0xD8, 0xFF)
                || starts(head, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)
                || starts(head, 'G', 'I', 'F', '8')
                || bmp(head)
                || starts(head, 'I', 'I', 0x2A, 0x00) || starts(head, 'M', 'M', 0x00, 0x2A)
                || starts(head, 'I', 'I', 0x2B, 0x00) || starts(head, 'M', 'M', 0x00, 0x2B)
                || starts(head, 'R', 'I', 'F', 'F') && head.length >= 12
                        && head[8] == 'W' && head[9] == 'E' && head[10] == 'B' && head[11] == 'P';
    }

    /** "BM" alone starts too many text files; the size of the header that follows is one of the known few. */
    private static boolean bmp(byte[] head) {
        if (!starts(head, 'B', 'M') || head.length < 18) {
            return false;
        }
        int infoSize = (head[14] & 0xFF) | (head[15] & 0xFF) << 8 | (head[16] & 0xFF) << 16 | (head[17] & 0xFF) << 24;
        return infoSize == 12 || infoSize == 16 || infoSize == 40 || infoSize == 52 || infoSize == 56 || infoSize == 64
                || infoSize == 108 || infoSize == 124;
    }

    private static boolean starts(byte[] head, int... signature) {
        if (head.length < signature.length) {
            return false;
        }
        for (int i = 0; i < signature.length; i++) {
            if ((head[i] & 0xFF) != signature[i]) {
                return false;
            }
        }
        return true;
    }
}
