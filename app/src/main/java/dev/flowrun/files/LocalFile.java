package dev.flowrun.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stored file as a file of this machine ({@link FileStore#local}); close it when done reading. {@code deleteOnClose}:
 * a copy made for the reader, deleted when closed, not the stored file itself.
 */
public record LocalFile(Path path, boolean deleteOnClose) implements AutoCloseable {

    /** The stored file itself: closing leaves it alone. */
    static LocalFile stored(Path path) {
        return new LocalFile(path, false);
    }

    /** A copy made for the reader: closing deletes it. */
    public static LocalFile temporary(Path path) {
        return new LocalFile(path, true);
    }

    @Override
    public void close() throws IOException {
        if (deleteOnClose) {
            Files.deleteIfExists(path);
        }
    }
}
