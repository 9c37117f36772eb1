package dev.flowrun.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.NoSuchFileException;
import java.time.LocalDateTime;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Zips stored output files. Entries are STORED because images are already compressed, and a file
 * larger than the buffer is read twice (once for size and CRC, once for data) so the local headers
 * are complete without data descriptors while only one buffer is ever held in memory; a smaller one
 * is read once, into the buffer. All entries get the same fixed timestamp so the same inputs always
 * produce byte-identical archives.
 */
public final class OutputArchive {
    /** Local time on purpose: DOS timestamps have no zone, and a local value avoids host-zone drift. */
    private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2000, 1, 1, 0, 0);
    private static final int BUFFER = 64 * 1024;

    private final FileStore store;

    public OutputArchive(FileStore store) {
        this.store = store;
    }

    /**
     * Streams a zip of {@code entries} to {@code out}. Entry names must be unique (see {@link ArchiveNames}).
     * {@code out} is flushed, not closed. Every entry's file must be there: one that is not fails the whole archive
     * ({@link MissingStoredFile}), which is then never stored, rather than an archive that lacks it.
     *
     * @return the number of entries written
     */
    public int write(List<ArchiveEntry> entries, OutputStream out) throws IOException {
        ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(new KeepOpenOutputStream(out), BUFFER));
        byte[] buffer = new byte[BUFFER];
        int written = 0;
        for (ArchiveEntry entry : entries) {
            int whole = readWhole(entry, buffer);
            if (whole >= 0) {
                // Opening each file once, not twice: a run's archive has up to 10,000 of them.
                zip.putNextEntry(zipEntry(entry, whole, crc(buffer, whole)));
                zip.write(buffer, 0, whole);
            } else {
                zip.putNextEntry(measure(entry, buffer));
                try (InputStream in = open(entry)) {
                    // If the file changed since measure(), closeEntry fails on the CRC rather than lying.
                    copy(in, zip, buffer);
                }
            }
            zip.closeEntry();
            written++;
        }
        // close() finishes the zip and flushes down to out, which KeepOpenOutputStream leaves open.
        zip.close();
        return written;
    }

    /** Writes the zip into the store under {@code archiveKey} atomically; returns the number of entries written. */
    public int build(List<ArchiveEntry> entries, String archiveKey) throws IOException {
        int[] written = new int[1];
        store.write(archiveKey, out -> written[0] = write(entries, out));
        return written[0];
    }

    /**
     * Reads the file into {@code buffer} if it fits with room to spare: its length then, and -1 if it is too large,
     * for {@link #measure} and a second read.
     */
    private int readWhole(ArchiveEntry entry, byte[] buffer) throws IOException {
        try (InputStream in = open(entry)) {
            int n = in.readNBytes(buffer, 0, buffer.length);
            return n < buffer.length ? n : -1;
        }
    }

    private InputStream open(ArchiveEntry entry) throws IOException {
        try {
            return store.open(entry.fileKey());
        } catch (NoSuchFileException e) {
            throw new MissingStoredFile(entry.fileKey(), "the archive of its run");
        }
    }

    private static long crc(byte[] buffer, int length) {
        CRC32 crc = new CRC32();
        crc.update(buffer, 0, length);
        return crc.getValue();
    }

    /** A complete STORED entry header. */
    private ZipEntry measure(ArchiveEntry entry, byte[] buffer) throws IOException {
        CRC32 crc = new CRC32();
        long size = 0;
        try (InputStream in = open(entry)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
                size += n;
            }
        }
        return zipEntry(entry, size, crc.getValue());
    }

    private static ZipEntry zipEntry(ArchiveEntry entry, long size, long crc) {
        ZipEntry zipEntry = new ZipEntry(entry.entryName());
        zipEntry.setMethod(ZipEntry.STORED);
        zipEntry.setSize(size);
        zipEntry.setCompressedSize(size);
        zipEntry.setCrc(crc);
        zipEntry.setTimeLocal(ENTRY_TIME);
        return zipEntry;
    }

    private static void copy(InputStream in, OutputStream out, byte[] buffer) throws IOException {
        for (int n; (n = in.read(buffer)) > 0; ) out.write(buffer, 0, n);
    }
}
