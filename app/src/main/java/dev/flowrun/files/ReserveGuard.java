package dev.flowrun.files;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Stops a file write before it eats the room kept for the embedded database: a write is only begun above
 * {@link DiskSpace#RESERVE_BYTES}, but one already streaming (a download under way when the disk fills) could fill
 * the disk to the last byte, and H2 closes itself on the first write it cannot make. A write under way may use half
 * the reserve, never the other half: the file system is read every {@link #CHECK_EVERY} bytes written, and under
 * that the write fails as a full disk does, so its file is discarded and the item given back, never failed for it.
 */
final class ReserveGuard extends FilterOutputStream {
    static final long CHECK_EVERY = 256 * 1024;
    private final Path folder;
    private final long reserve;
    private FileStore fileSystem;
    private long sinceCheck;

    /** {@code folder}: where the file is written; its file system is looked up only once a check is due. */
    ReserveGuard(OutputStream out, Path folder, long reserve) {
        super(out);
        this.folder = folder;
        this.reserve = reserve;
    }

    @Override
    public void write(int b) throws IOException {
        counted(1);
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        counted(len);
        out.write(b, off, len);
    }

    private void counted(int bytes) throws IOException {
        sinceCheck += bytes;
        if (sinceCheck >= CHECK_EVERY) {
            sinceCheck = 0;
            if (fileSystem == null) {
                fileSystem = Files.getFileStore(folder); // reads the mount table: not for files under one check
            }
            long usable = fileSystem.getUsableSpace();
            if (usable < reserve) {
                throw new IOException("No space left on device: " + (usable >> 10) + " KiB left, under the "
                        + (reserve >> 10) + " KiB kept for the database");
            }
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
