package dev.flowrun.input.zip;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * Where each entry's local header and compressed data lie, checked to be apart. An archive whose directory points
 * several entries at the same bytes (a shared local header, or data that runs into the next entry's) makes a small
 * file extract into many large ones: the "overlapping" zip bomb, 200 items of 49 MP from one compressed PNG. UnZip
 * refuses such archives since 6.0's fix for CVE-2019-13232 ("invalid zip file with overlapped components"); so does
 * this. Two numbers per entry, whatever the archive holds: the names are looked up again only to report one.
 */
final class EntrySpans {
    private static final int LOCAL_SIGNATURE = 0x04034b50;
    private static final int LOCAL_LENGTH = 30;
    /** Start × this + position in the directory: sortable as one long (starts are under 2^40, positions under 2^16). */
    private static final long POSITIONS = 1 << 16;
    private long[] keys = new long[64];
    private long[] ends = new long[64];
    private int count;

    /** Reads the entry's local header to learn where its data ends. */
    void add(FileChannel channel, EndOfDirectory end, CentralEntry entry) throws IOException {
        long start = end.base() + entry.localHeaderOffset();
        if (start + LOCAL_LENGTH > end.directoryStart()) {
            throw new ArchiveProblem("it is corrupt (entry '" + entry.name() + "' starts inside its central directory)");
        }
        ByteBuffer header = ChannelSlice.readAt(channel, start, LOCAL_LENGTH, "entry '" + entry.name() + "'");
        if (header.getInt(0) != LOCAL_SIGNATURE) {
            throw new ArchiveProblem("it is corrupt (entry '" + entry.name() + "' has no local header)");
        }
        long dataEnd = start + LOCAL_LENGTH + (header.getShort(26) & 0xFFFF) + (header.getShort(28) & 0xFFFF)
                + entry.compressedSize();
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
        keys[count] = start * POSITIONS + count;
        ends[count] = dataEnd;
        count++;
    }

    /**
     * Each entry must end before the next one (by position in the file) begins, and the last before the
     * directory: returns the directory positions of the first two entries that do not, or null.
     */
    int[] firstOverlap(EndOfDirectory end) {
        long[] sorted = Arrays.copyOf(keys, count);
        Arrays.sort(sorted);
        for (int k = 0; k < count; k++) {
            int entry = (int) (sorted[k] % POSITIONS);
            long nextStart = k + 1 < count ? sorted[k + 1] / POSITIONS : end.directoryStart();
            if (ends[entry] > nextStart) {
                return new int[] {entry, k + 1 < count ? (int) (sorted[k + 1] % POSITIONS) : -1};
            }
        }
        return null;
    }
}
