package dev.flowrun.input.zip;

/**
 * What an archive may cost us. {@link #CONTRACT} holds the limits of README, Limits; tests pass smaller ones.
 *
 * @param maxArchiveBytes  the download, counted while streaming
 * @param maxEntries       directory records of any kind (folders and skipped files count)
 * @param maxInflatedBytes bytes actually inflated, over the whole archive
 * @param maxRatio         inflated bytes per compressed byte, for one entry and for the archive as a whole...
 * @param ratioFloorBytes  ...judged only once that many bytes have been inflated, so small, very compressible
 *                         files (a blank BMP thumbnail) are never refused while a bomb is stopped after a few MiB
 */
public record ZipLimits(long maxArchiveBytes, int maxEntries, long maxInflatedBytes, int maxRatio, long ratioFloorBytes) {
    public static final ZipLimits CONTRACT = new ZipLimits(1L << 30, 10_000, 4L << 30, 100, 8L << 20);

    /** The longest entry path kept as an item's file name; the same bound as a {@code name} given in {@code inputs}. */
    public static final int MAX_NAME = 1000;
}
