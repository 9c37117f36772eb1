package dev.flowrun.support;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real file system of a few MiB, a tmpfs mounted on a fresh directory, for a data directory that fills up: the
 * kernel answers ENOSPC as it would on a full disk. Mounting needs root (CI runs {@code .ci/run} as root); without it
 * the test fails with that one line, never skips. {@link #fill} takes its space away with a filler file,
 * {@link #free} gives it back.
 */
public final class SmallFilesystem implements AutoCloseable {
    private final Path dir;
    private final Path filler;

    private SmallFilesystem(Path dir) {
        this.dir = dir;
        this.filler = dir.resolve("filler");
    }

    public static SmallFilesystem mount(int mebibytes) {
        try {
            Path dir = Files.createTempDirectory("flowrun-small-fs");
            run(List.of("mount", "-t", "tmpfs", "-o", "size=" + mebibytes + "m,mode=0755", "tmpfs", dir.toString()),
                    "mounting a " + mebibytes + " MiB tmpfs on " + dir + " (the disk-full tests need root)");
            return new SmallFilesystem(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the data directory goes: a folder on the small file system. */
    public Path dataDir() {
        return dir.resolve("data");
    }

    /** A folder on the small file system, e.g. an output folder that fills up. */
    public Path resolve(String name) {
        return dir.resolve(name);
    }

    public long usable() {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Grows the filler until {@code leave} bytes are left (0: until the file system refuses a byte more). */
    public void fill(long leave) {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND)) {
            while (usable() > leave) {
                long room = usable() - leave;
                out.write(block, 0, (int) Math.min(block.length, Math.max(1, room)));
                out.flush();
            }
        } catch (IOException e) {
            if (leave > 0 || !e.getMessage().contains("No space left")) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Deletes the filler: the space is back. */
    public void free() {
        try {
            Files.deleteIfExists(filler);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        run(List.of("umount", "-l", dir.toString()), "unmounting " + dir);
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // A temporary directory: the system cleans it up in the end.
        }
    }

    private static void run(List<String> command, String what) {
        try {
            Process process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes()).strip();
            if (process.waitFor() != 0) {
                throw new AssertionError(what + " failed: " + output);
            }
        } catch (IOException e) {
            throw new AssertionError(what + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(what + " interrupted", e);
        }
    }
}
