package dev.flowrun.input.zip;

/**
 * Counts the bytes actually inflated, per entry and over the archive, against the limits; declared sizes
 * play no part. A compression ratio past {@link ZipLimits#maxRatio()} is judged only beyond
 * {@link ZipLimits#ratioFloorBytes()}, so a bomb is stopped after a few MiB instead of filling the disk.
 */
final class InflationBudget {
    private final ZipLimits limits;
    private long inflated;
    private long compressed;

    InflationBudget(ZipLimits limits) {
        this.limits = limits;
    }

    void add(String entryName, long inflatedDelta, long compressedDelta, long entryInflated, long entryCompressed)
            throws ArchiveProblem {
        inflated += inflatedDelta;
        compressed += compressedDelta;
        if (inflated > limits.maxInflatedBytes()) {
            throw new ArchiveProblem("it inflates to more than " + Sizes.text(limits.maxInflatedBytes()));
        }
        if (beyondReason(entryInflated, entryCompressed)) {
            throw new ArchiveProblem("entry '" + entryName + "' inflates to more than " + limits.maxRatio()
                    + " times its compressed size (a zip bomb?)");
        }
        if (beyondReason(inflated, compressed)) {
            throw new ArchiveProblem("it inflates to more than " + limits.maxRatio()
                    + " times its compressed size (a zip bomb?)");
        }
    }

    private boolean beyondReason(long inflatedBytes, long compressedBytes) {
        return inflatedBytes > limits.ratioFloorBytes() && inflatedBytes > compressedBytes * limits.maxRatio();
    }
}
