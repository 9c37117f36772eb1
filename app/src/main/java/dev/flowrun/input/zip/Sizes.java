package dev.flowrun.input.zip;

/** Byte counts for messages: {@code 1 GiB}, {@code 4 GiB}, {@code 512 KiB}. */
final class Sizes {
    private Sizes() {
    }

    static String text(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return (bytes >> 30) + " GiB";
        }
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " bytes";
    }
}
