package dev.flowrun.input.zip;

import dev.flowrun.input.BlockInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The bytes {@code [start, start + length)} of a file, read with positional reads: several slices of one
 * channel (the directory being walked, the entry being extracted) never move each other's position.
 * Ends early, without error, where the file does; callers that need every byte check the count.
 */
final class ChannelSlice extends BlockInputStream {
    private final FileChannel channel;
    private final long end;
    private long position;

    ChannelSlice(FileChannel channel, long start, long length) {
        this.channel = channel;
        this.position = start;
        this.end = start + length;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (position >= end) {
            return -1;
        }
        int wanted = (int) Math.min(len, end - position);
        int n = channel.read(ByteBuffer.wrap(b, off, wanted), position);
        if (n <= 0) {
            return -1;
        }
        position += n;
        return n;
    }

    /** Reads exactly {@code length} bytes at {@code position}, or throws {@link ArchiveProblem} where the file ends. */
    static ByteBuffer readAt(FileChannel channel, long position, int length, String what) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position + buffer.position());
            if (n < 0) {
                throw new ArchiveProblem(what + " is cut off: the file ends too early");
            }
        }
        return buffer.flip();
    }
}
