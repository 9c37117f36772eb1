package dev.flowrun.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A copy of an H2 database that another process holds, opened for reading. H2 keeps its file locked while open, even
 * against a reader, so the command line reads a copy: the store writes whole chunks and then its header, and opening
 * a copy taken in the middle of a write falls back to the last complete one (as after a crash), which is the state of
 * a moment before. Only for what may be a moment old: listing workflows, never changing anything.
 */
public final class H2Snapshot {
    private H2Snapshot() {
    }

    /** Whether {@code jdbcUrl} names an H2 file this class can copy. */
    public static boolean copyable(String jdbcUrl) {
        return H2Recovery.storeFile(jdbcUrl) != null;
    }

    /** Copies the database of {@code jdbcUrl} into {@code dir} (an empty folder of the caller's) and opens the copy. */
    public static Database open(String jdbcUrl, Path dir) throws IOException {
        Path store = H2Recovery.storeFile(jdbcUrl);
        if (store == null) {
            throw new IllegalArgumentException("not an H2 file database: " + OpenFailures.shown(jdbcUrl));
        }
        Files.copy(store, dir.resolve("snapshot.mv.db"));
        return Database.open("jdbc:h2:file:" + dir.toAbsolutePath().resolve("snapshot") + ";DB_CLOSE_ON_EXIT=FALSE", 1);
    }
}
