package dev.flowrun.files;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** At most {@code limit} bytes of the stream beneath: one byte range of a file. */
final class LimitedInputStream extends FilterInputStream {
    private long left;

    LimitedInputStream(InputStream in, long limit) {
        super(in);
        this.left = limit;
    }

    @Override
    public int read() throws IOException {
        if (left <= 0) {
            return -1;
        }
        int b = in.read();
        if (b >= 0) {
            left--;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (left <= 0) {
            return -1;
        }
        int n = in.read(b, off, (int) Math.min(len, left));
        if (n > 0) {
            left -= n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = in.skip(Math.min(n, left));
        left -= skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(in.available(), left);
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
