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
 * Zips stored output files. Entries are STORED because images are already compressed, and each
 * file is read twice (once for size and CRC, once for data) so the local headers are complete
 * without data descriptors while only one buffer is ever held in memory. All entries get the same
 * fixed timestamp so the same inputs always produce byte-identical archives.
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
     * Streams a zip of {@code entries} to {@code out}, skipping source files that do not exist.
     * Entry names must be unique (see {@link ArchiveNames}). {@code out} is flushed, not closed.
     *
     * @return the number of entries written
     */
    public int write(List<ArchiveEntry> entries, OutputStream out) throws IOException {
        ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(new KeepOpenOutputStream(out), BUFFER));
        byte[] buffer = new byte[BUFFER];
        int written = 0;
        for (ArchiveEntry entry : entries) {
            ZipEntry zipEntry = measure(entry, buffer);
            if (zipEntry == null) continue;
            zip.putNextEntry(zipEntry);
            try (InputStream in = store.open(entry.fileKey())) {
                // If the file changed since measure(), closeEntry fails on the CRC rather than lying.
                copy(in, zip, buffer);
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

    /** A complete STORED entry header, or null if the source file is missing. */
    private ZipEntry measure(ArchiveEntry entry, byte[] buffer) throws IOException {
        CRC32 crc = new CRC32();
        long size = 0;
        try (InputStream in = store.open(entry.fileKey())) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
                size += n;
            }
        } catch (NoSuchFileException e) {
            return null;
        }
        ZipEntry zipEntry = new ZipEntry(entry.entryName());
        zipEntry.setMethod(ZipEntry.STORED);
        zipEntry.setSize(size);
        zipEntry.setCompressedSize(size);
        zipEntry.setCrc(crc.getValue());
        zipEntry.setTimeLocal(ENTRY_TIME);
        return zipEntry;
    }

    private static void copy(InputStream in, OutputStream out, byte[] buffer) throws IOException {
        for (int n; (n = in.read(buffer)) > 0; ) out.write(buffer, 0, n);
    }
}
