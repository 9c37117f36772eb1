package dev.flowrun.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where the files of runs and uploads live, addressed by {@code /}-separated relative keys: the data directory
 * ({@link DirectoryStore}) or an S3-compatible object store ({@code files.s3.ObjectStore}). Nothing above this
 * interface knows which (docs/several-instances.md).
 *
 * <p>Every write is whole or nothing: {@code writer} fills the file and it becomes visible, replacing any file of
 * that key, only if the writer returns normally; throw and nothing is left that is ever served. A writer callback
 * rather than a commit-on-close stream, because a stream cannot tell a close after success from a
 * try-with-resources unwinding an exception.
 *
 * <p>A store that cannot be reached or refuses a request throws {@link StorageUnavailable} (after the retries that
 * are safe); a missing file throws {@link NoSuchFileException}.
 */
public interface FileStore {
    /** Writes a file whole (see above), durable once this returns. */
    void write(String key, IoConsumer<OutputStream> writer) throws IOException;

    /**
     * {@link #write} where durability may wait for {@link #syncTree} or {@link #syncSoon}: until then a machine crash
     * (not a process crash) may leave the file empty. A store whose writes are durable at once treats it as write.
     */
    void writeUnsynced(String key, IoConsumer<OutputStream> writer) throws IOException;

    /**
     * Starts making one file written by {@link #writeUnsynced} durable; its writer waits on the future only before
     * anything relies on the file. It fails with an {@link java.io.UncheckedIOException} if that cannot be done.
     */
    CompletableFuture<Void> syncSoon(String key);

    /** Waits until every file under {@code prefix} is durable. */
    void syncTree(String prefix) throws IOException;

    /** Copies {@code in} to {@code key} whole (see {@link #write}); returns the number of bytes. */
    default long copy(String key, InputStream in) throws IOException {
        long[] count = new long[1];
        write(key, out -> count[0] = in.transferTo(out));
        return count[0];
    }

    /**
     * Makes {@code to} hold the bytes of {@code from} without passing them through this process where the store can
     * (a hard link, a server-side copy). Safe because a stored file is never changed in place.
     *
     * @throws NoSuchFileException if {@code from} is missing
     */
    void link(String from, String to) throws IOException;

    /**
     * True only for a stored file: a folder is not one. Unchecked, as callers use it in conditions: a store that
     * cannot answer throws an {@link java.io.UncheckedIOException} around a {@link StorageUnavailable}.
     */
    boolean exists(String key);

    /** @throws NoSuchFileException if the file is missing */
    StoredFile stat(String key) throws IOException;

    /** @throws NoSuchFileException if the file is missing */
    default long size(String key) throws IOException {
        return stat(key).size();
    }

    /** @throws NoSuchFileException if the file is missing */
    InputStream open(String key) throws IOException;

    /** {@code length} bytes from {@code offset} (one range of a download); fewer where the file ends. */
    InputStream open(String key, long offset, long length) throws IOException;

    /**
     * The file as a file of this machine, for readers that need one (decoders that seek, the zip reader): the stored
     * file itself where it is one, else a temporary copy deleted on close.
     *
     * @throws NoSuchFileException if the file is missing
     */
    LocalFile local(String key) throws IOException;

    /** Deletes one file; a missing file is not an error, since the goal state is reached either way. */
    void delete(String key) throws IOException;

    /** Deletes every file under {@code prefix} (or the file {@code prefix}); missing is not an error. */
    void deleteTree(String prefix) throws IOException;

    /** The names of the files and folders directly under the folder {@code prefix}; empty when there is none. */
    List<String> children(String prefix) throws IOException;

    /** The newest modification time of the files under {@code prefix}; null when there is none. */
    java.time.Instant newest(String prefix) throws IOException;

    /**
     * Drops what writes cut short by a crash left behind, begun before {@code begunBefore} (an object store's multipart
     * uploads never completed: never visible, but stored and paid for); returns how many. The caller passes a time
     * older than any write can last, so no write in progress, on any instance, is dropped.
     */
    int dropUnfinishedWrites(java.time.Instant begunBefore) throws IOException;

    /** Throws {@link StorageUnavailable} unless the store answers now (GET /health), within a few seconds. */
    void check() throws StorageUnavailable;

    /**
     * Turns an arbitrary user-supplied file name into one safe key segment: ASCII letters, digits,
     * {@code . - _} are kept, each run of anything else becomes {@code _}; the result is never empty,
     * never starts with a dot and is at most 120 characters, keeping the extension when shortened.
     */
    static String safeSegment(String name) {
        return SafeSegments.of(name);
    }
}
