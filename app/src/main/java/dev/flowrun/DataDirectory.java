package dev.flowrun;

import dev.flowrun.error.StartupFailure;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The data directory and its file store, made if missing and proved writable before anything is stored: a start
 * that cannot write there stops with one line naming the directory instead of failing later.
 */
final class DataDirectory {
    private DataDirectory() {
    }

    /** Answers the file store's root, {@code files} under the data directory. */
    static Path prepare(Path dir) {
        usable(dir, "the data directory " + shown(dir) + " (FLOWRUN_DATA_DIR)");
        Path files = dir.resolve("files");
        usable(files, "the file store " + shown(files));
        return files;
    }

    /**
     * The folder for temporary copies of stored objects ({@code FileStore#local} with an object store), emptied at
     * start: a copy a crash left is of no use.
     */
    static Path scratch(Path dir) {
        Path scratch = dir.resolve("scratch");
        try {
            if (Files.isDirectory(scratch)) {
                try (var leftovers = Files.list(scratch)) {
                    for (Path leftover : (Iterable<Path>) leftovers::iterator) {
                        Files.deleteIfExists(leftover);
                    }
                }
            }
        } catch (IOException e) {
            throw new StartupFailure("the scratch folder " + shown(scratch) + " cannot be emptied: "
                    + StartupFailure.rootMessage(e), e);
        }
        usable(scratch, "the scratch folder " + shown(scratch));
        return scratch;
    }

    private static void usable(Path dir, String what) {
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new StartupFailure(what + " is unusable: it exists and is not a directory", e);
        } catch (IOException e) {
            throw new StartupFailure(what + " cannot be made: " + StartupFailure.rootMessage(e), e);
        }
        // Writing is what the service does there; permission bits would miss a read-only mount.
        try {
            Files.delete(Files.createTempFile(dir, ".flowrun-write-check", ".tmp"));
        } catch (IOException e) {
            throw new StartupFailure(what + " is not writable: " + StartupFailure.rootMessage(e), e);
        }
    }

    private static Path shown(Path dir) {
        return dir.toAbsolutePath().normalize();
    }
}
