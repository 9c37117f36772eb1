package dev.flowrun.input.zip;

import dev.flowrun.input.BlockInputStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * One entry's content, inflated as it is read. Every byte produced is counted into the budget as it comes, so
 * a bomb is stopped while inflating, and the CRC is checked at the end so a corrupt entry is never taken for
 * a good one. Reads the data from where the local header says it starts, for exactly the compressed size the
 * central directory gives.
 */
final class EntryStream extends BlockInputStream {
    private static final int LOCAL_SIGNATURE = 0x04034b50;
    private static final int LOCAL_LENGTH = 30;
    private final CentralEntry entry;
    private final InputStream compressed;
    private final Inflater inflater;
    private final InflationBudget budget;
    private final CRC32 crc = new CRC32();
    private final byte[] input = new byte[64 * 1024];
    private long produced;
    private long consumed;
    private boolean ended;

    private EntryStream(CentralEntry entry, InputStream compressed, InflationBudget budget) {
        this.entry = entry;
        this.compressed = compressed;
        this.inflater = entry.method() == CentralEntry.DEFLATED ? new Inflater(true) : null;
        this.budget = budget;
    }

    static EntryStream open(FileChannel channel, EndOfDirectory end, CentralEntry entry, InflationBudget budget)
            throws IOException {
        long local = end.base() + entry.localHeaderOffset();
        ByteBuffer header = ChannelSlice.readAt(channel, local, LOCAL_LENGTH, "entry '" + entry.name() + "'");
        if (header.getInt(0) != LOCAL_SIGNATURE) {
            throw new ArchiveProblem("it is corrupt (entry '" + entry.name() + "' has no local header)");
        }
        long dataStart = local + LOCAL_LENGTH + (header.getShort(26) & 0xFFFF) + (header.getShort(28) & 0xFFFF);
        if (dataStart + entry.compressedSize() > channel.size()) {
            throw new ArchiveProblem("it is corrupt (entry '" + entry.name() + "' runs past the end of the file)");
        }
        InputStream data = new ChannelSlice(channel, dataStart, entry.compressedSize());
        return new EntryStream(entry, entry.method() == CentralEntry.DEFLATED ? data : new BufferedInputStream(data), budget);
    }

    /** Up to {@code length} first bytes, fewer only for a shorter entry. */
    byte[] readHead(int length) throws IOException {
        byte[] head = new byte[length];
        int done = 0;
        while (done < length) {
            int n = read(head, done, length - done);
            if (n < 0) {
                return java.util.Arrays.copyOf(head, done);
            }
            done += n;
        }
        return head;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (ended) {
            return -1;
        }
        if (len == 0) {
            return 0;
        }
        int n = inflater == null ? compressed.read(b, off, len) : inflate(b, off, len);
        if (n < 0) {
            end();
            return -1;
        }
        crc.update(b, off, n);
        produced += n;
        long compressedNow = inflater == null ? produced : inflater.getBytesRead();
        long compressedDelta = compressedNow - consumed;
        consumed = compressedNow;
        budget.add(entry.name(), n, compressedDelta, produced, consumed);
        return n;
    }

    private int inflate(byte[] b, int off, int len) throws IOException {
        try {
            while (true) {
                int n = inflater.inflate(b, off, len);
                if (n > 0) {
                    return n;
                }
                if (inflater.finished()) {
                    return -1;
                }
                if (inflater.needsDictionary()) {
                    throw corrupt("it needs a preset dictionary");
                }
                if (inflater.needsInput()) {
                    int read = compressed.read(input);
                    if (read < 0) {
                        throw corrupt("its compressed data is cut off");
                    }
                    inflater.setInput(input, 0, read);
                }
            }
        } catch (DataFormatException e) {
            throw corrupt("its compressed data is invalid");
        }
    }

    private void end() throws ArchiveProblem {
        ended = true;
        if (inflater == null && produced != entry.compressedSize()) {
            throw corrupt("its data is cut off");
        }
        if (crc.getValue() != entry.crc()) {
            throw corrupt("its checksum does not match its content");
        }
    }

    private ArchiveProblem corrupt(String why) {
        return new ArchiveProblem("it is corrupt (entry '" + entry.name() + "': " + why + ")");
    }

    @Override
    public void close() throws IOException {
        if (inflater != null) {
            inflater.end();
        }
        compressed.close();
    }
}
