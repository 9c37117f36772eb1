package dev.flowrun.files.s3;

import dev.flowrun.files.FileKeys;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.IoConsumer;
import dev.flowrun.files.LocalFile;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.files.StoredFile;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The files in an S3-compatible bucket under a prefix ({@code FLOWRUN_STORAGE=s3://bucket/prefix}): a key is the
 * object {@code prefix/key}. Writes stream up ({@link PartedUpload}) and appear whole or not at all; reads stream
 * down, a range at a time for downloads; a reader that needs a file of this machine gets a temporary copy in the
 * scratch folder. A PUT that has answered is durable, so there is nothing to sync. Several instances may share one
 * bucket with no shared directory (docs/several-instances.md).
 */
public final class ObjectStore implements FileStore {
    /** The size of one part of a multipart upload, and the most memory one write holds (S3's least is 5 MiB). */
    static final int PART_SIZE = 8 * 1024 * 1024;
    /** Reads of a whole object into a temporary copy: one cut short by the store is tried again. */
    private static final int COPY_ATTEMPTS = 3;
    private final S3Calls calls;
    private final String prefix;
    private final Path scratch;

    ObjectStore(S3Calls calls, String prefix, Path scratch) {
        this.calls = calls;
        this.prefix = prefix.isEmpty() ? "" : prefix + "/";
        this.scratch = scratch;
    }

    private String objectKey(String key) {
        return prefix + FileKeys.requireValid(key);
    }

    @Override
    public void write(String key, IoConsumer<OutputStream> writer) throws IOException {
        PartedUpload upload = new PartedUpload(calls, objectKey(key), PART_SIZE);
        try {
            // The writer may close its stream; the upload completes only once it returns.
            writer.accept(new FilterOutputStream(upload) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() {
                }
            });
            upload.complete();
        } finally {
            upload.abort();
        }
    }

    @Override
    public void writeUnsynced(String key, IoConsumer<OutputStream> writer) throws IOException {
        write(key, writer);
    }

    @Override
    public CompletableFuture<Void> syncSoon(String key) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void syncTree(String prefix) {
        // An object is durable once its PUT has answered.
    }

    @Override
    public void link(String from, String to) throws IOException {
        calls.copy(objectKey(from), objectKey(to));
    }

    @Override
    public boolean exists(String key) {
        try {
            return calls.head(objectKey(key)) != null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public StoredFile stat(String key) throws IOException {
        StoredFile stored = calls.head(objectKey(key));
        if (stored == null) {
            throw new NoSuchFileException(key);
        }
        return stored;
    }

    @Override
    public InputStream open(String key) throws IOException {
        return calls.get(objectKey(key), null);
    }

    @Override
    public InputStream open(String key, long offset, long length) throws IOException {
        if (length <= 0) {
            return InputStream.nullInputStream();
        }
        return calls.get(objectKey(key), "bytes=" + offset + "-" + (offset + length - 1));
    }

    @Override
    public LocalFile local(String key) throws IOException {
        String objectKey = objectKey(key);
        Files.createDirectories(scratch);
        Path copy = scratch.resolve(UUID.randomUUID() + ".part");
        for (int attempt = 1; ; attempt++) {
            try (InputStream in = calls.get(objectKey, null)) {
                Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
                return LocalFile.temporary(copy);
            } catch (NoSuchFileException e) {
                Files.deleteIfExists(copy);
                throw e;
            } catch (StorageUnavailable e) {
                Files.deleteIfExists(copy);
                throw e;
            } catch (IOException e) {
                // The answer was cut while being read: the SDK retries only until it begins.
                Files.deleteIfExists(copy);
                if (attempt == COPY_ATTEMPTS || e instanceof java.io.InterruptedIOException) {
                    throw new StorageUnavailable("the object store cut the reading of " + key + ": " + e, e);
                }
            }
        }
    }

    @Override
    public void delete(String key) throws IOException {
        calls.delete(objectKey(key));
    }

    @Override
    public void deleteTree(String folder) throws IOException {
        String top = objectKey(folder);
        List<String> keys = new ArrayList<>();
        // One listing finds both the file {@code top} and the folder {@code top/} (not {@code top2}, a sibling).
        for (S3Object object : calls.objects(top)) {
            if (object.key().equals(top) || object.key().startsWith(top + "/")) {
                keys.add(object.key());
            }
        }
        for (int from = 0; from < keys.size(); from += 1000) {
            calls.delete(keys.subList(from, Math.min(keys.size(), from + 1000)));
        }
    }

    @Override
    public List<String> children(String folder) throws IOException {
        return calls.names(objectKey(folder) + "/").stream().filter(name -> !name.startsWith(".")).toList();
    }

    @Override
    public Instant newest(String folder) throws IOException {
        String top = objectKey(folder);
        Instant newest = null;
        for (S3Object object : calls.objects(top + "/")) {
            if (newest == null || object.lastModified().isAfter(newest)) {
                newest = object.lastModified();
            }
        }
        StoredFile file = calls.head(top);
        if (file != null && (newest == null || file.modified().isAfter(newest))) {
            newest = file.modified();
        }
        return newest;
    }

    @Override
    public void check() throws StorageUnavailable {
        try {
            calls.headBucket();
        } catch (StorageUnavailable e) {
            throw e;
        } catch (IOException e) {
            throw new StorageUnavailable("the object store did not answer: " + e.getMessage(), e);
        }
    }

    /** Aborts the multipart uploads under this store's prefix begun before {@code begunBefore} (by the store's clock). */
    @Override
    public int dropUnfinishedWrites(Instant begunBefore) throws IOException {
        int aborted = 0;
        for (var upload : calls.uploadsUnder(prefix)) {
            if (upload.initiated() != null && upload.initiated().isBefore(begunBefore)) {
                calls.abortUploadQuietly(upload.key(), upload.uploadId());
                aborted++;
            }
        }
        return aborted;
    }
}
