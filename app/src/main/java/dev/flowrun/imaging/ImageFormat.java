package dev.flowrun.imaging;

/** The input formats the service accepts, recognised by their first bytes rather than by name or claimed type. */
enum ImageFormat {
    JPEG("JPEG", "jpeg"),
    PNG("PNG", "png"),
    GIF("GIF", "gif"),
    BMP("BMP", "bmp"),
    TIFF("TIFF", "tiff"),
    WEBP("WebP", "webp");

    /** Bytes needed by {@link #sniff}. */
    static final int HEADER_BYTES = 12;

    final String displayName;
    /** The ImageIO format name to look a reader up by. */
    final String readerName;

    ImageFormat(String displayName, String readerName) {
        this.displayName = displayName;
        this.readerName = readerName;
    }

    /** The format whose signature starts {@code head} (the first {@code length} bytes), or null. */
    static ImageFormat sniff(byte[] head, int length) {
        if (starts(head, length, 0xFF, 0xD8, 0xFF)) {
            return JPEG;
        }
        if (starts(head, length, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return PNG;
        }
        if (starts(head, length, 'G', 'I', 'F', '8')) {
            return GIF;
        }
        if (starts(head, length, 'B', 'M')) {
            return BMP;
        }
        if (starts(head, length, 'I', 'I', 0x2A, 0x00) || starts(head, length, 'M', 'M', 0x00, 0x2A)) {
            return TIFF;
        }
        if (starts(head, length, 'R', 'I', 'F', 'F') && length >= 12
                && head[8] == 'W' && head[9] == 'E' && head[10] == 'B' && head[11] == 'P') {
            return WEBP;
        }
        return null;
    }

    private static boolean starts(byte[] head, int length, int... signature) {
        if (length < signature.length) {
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
