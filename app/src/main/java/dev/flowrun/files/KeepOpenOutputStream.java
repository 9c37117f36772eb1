package dev.flowrun.files;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Lets a writer close "its" stream without closing the underlying file before the owner is done with it. */
final class KeepOpenOutputStream extends FilterOutputStream {
    KeepOpenOutputStream(OutputStream out) {
        super(out);
    }

    // FilterOutputStream would otherwise write array contents one byte at a time.
    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
        out.flush();
    }
}
