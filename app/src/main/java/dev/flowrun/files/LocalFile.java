package dev.flowrun.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A stored file as a file of this machine ({@link FileStore#local}); close it when done reading. */
public final class LocalFile implements AutoCloseable {
    private final Path path;
    private final boolean temporary;

    private LocalFile(Path path, boolean temporary) {
        this.path = path;
        this.temporary = temporary;
    }

    /** The stored file itself: closing leaves it alone. */
    static LocalFile stored(Path path) {
        return new LocalFile(path, false);
    }

    /** A copy made for the reader: closing deletes it. */
    public static LocalFile temporary(Path path) {
        return new LocalFile(path, true);
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        if (temporary) {
            Files.deleteIfExists(path);
        }
    }
}
