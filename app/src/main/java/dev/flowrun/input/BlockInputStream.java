package dev.flowrun.input;

import java.io.IOException;
import java.io.InputStream;

/**
 * An input stream that reads in blocks only: its one-byte {@link #read()} is a block read of one byte, so a subclass
 * writes its logic once, in {@link #read(byte[], int, int)}.
 */
public abstract class BlockInputStream extends InputStream {
    @Override
    public final int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public abstract int read(byte[] b, int off, int len) throws IOException;
}
