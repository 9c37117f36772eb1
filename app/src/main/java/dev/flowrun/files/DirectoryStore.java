package dev.flowrun.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The files under the data directory (the default store): a write fills a hidden {@code .*.tmp} file beside its
 * target, synced and renamed into place only if its writer returns normally, so a crash leaves at worst a temp
 * file that is never served.
 */
public final class DirectoryStore implements FileStore {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int SYNC_PARALLELISM = 8;
    /**
     * Small on purpose: a buffer is allocated per file written, twice per item, and writers of big files hand over
     * chunks at least this large, which go straight through. At 64 KiB it was a tenth of an item's garbage.
     */
    private static final int WRITE_BUFFER = 8 * 1024;

    /**
     * Runs {@link #syncSoon}'s syncs: threads wait on the disk, not on a core, and die after a minute idle. Shared by
     * every store of the process (they are the same disks), daemons so they never hold up an exit.
     */
    private static final ExecutorService SYNCS = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "flowrun-sync");
        thread.setDaemon(true);
        return thread;
    });

    private final Path root;

    public DirectoryStore(Path root) {
        try {
            this.root = Files.createDirectories(root.toAbsolutePath().normalize());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create file store root " + root, e);
        }
    }

    public Path root() {
        return root;
    }

    /** Resolves a key under the root; throws {@link IllegalArgumentException} for anything that could escape it. */
    public Path path(String key) {
        FileKeys.requireValid(key);
        Path resolved;
        try {
            resolved = root.resolve(key).normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("invalid file key: " + e.getReason(), e);
        }
        // Defence in depth: the key rules should already make this impossible.
        if (!resolved.startsWith(root) || resolved.equals(root)) {
            throw new IllegalArgumentException("file key escapes the store root");
        }
        return resolved;
    }

    /**
     * Writes a file atomically: {@code writer} fills a temp file beside the target, which is synced
     * and renamed into place only if the writer returns normally. The writer may close the stream; it
     * is not required to. An existing file is replaced.
     */
    @Override
    public void write(String key, IoConsumer<OutputStream> writer) throws IOException {
        write(key, writer, true);
    }

    /**
     * {@link #write} without waiting for the disk, for files made durable by {@link #syncTree} or {@link #syncSoon}
     * before anything relies on them: until then a machine crash (not a process crash) may leave them empty.
     */
    @Override
    public void writeUnsynced(String key, IoConsumer<OutputStream> writer) throws IOException {
        write(key, writer, false);
    }

    /**
     * Starts syncing one stored file to disk in the background, for a file written by {@link #writeUnsynced}: its
     * writer goes on working while the disk catches up, and waits on the returned future only before anything relies
     * on the file. The future fails with an {@link java.io.UncheckedIOException} if the file cannot be synced.
     */
    @Override
    public CompletableFuture<Void> syncSoon(String key) {
        Path file = path(key);
        return CompletableFuture.runAsync(() -> {
            try {
                syncFile(file);
            } catch (IOException e) {
                throw new CompletionException(new UncheckedIOException("cannot sync " + key, e));
            }
        }, SYNCS);
    }

    /** Waits until a file already in place is on disk. */
    static void syncFile(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    /**
     * Waits until every file under {@code prefix} is on disk. Syncs several files at once: a file system
     * commits concurrent syncs together, which measured a dozen times faster than one by one.
     */
    @Override
    public void syncTree(String prefix) throws IOException {
        Path top = path(prefix);
        if (Files.isDirectory(top, LinkOption.NOFOLLOW_LINKS)) {
            TreeSync.sync(top, SYNC_PARALLELISM);
        }
    }

    private void write(String key, IoConsumer<OutputStream> writer, boolean sync) throws IOException {
        Path target = path(key);
        Path dir = Files.createDirectories(target.getParent());
        Path temp = dir.resolve(tempName(target.getFileName().toString()));
        boolean committed = false;
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                 OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), WRITE_BUFFER)) {
                writer.accept(new ReserveGuard(new KeepOpenOutputStream(out), dir, DiskSpace.RESERVE_BYTES / 2));
                out.flush();
                // Without the sync a crash just after the rename could leave an empty or partial target.
                if (sync) channel.force(true);
            }
            moveIntoPlace(temp, target);
            committed = true;
        } finally {
            if (!committed) deleteQuietly(temp);
        }
    }

    /**
     * Makes {@code to} hold the bytes of {@code from}: a hard link, so a file a thousand runs use is stored once and
     * costs no copying; a copy where the file system has no hard links. Safe because a stored file is never changed
     * in place (every write renames a new file into place), so the two names can never come to differ. An existing
     * {@code to} is replaced atomically.
     *
     * @throws NoSuchFileException if {@code from} is missing
     */
    @Override
    public void link(String from, String to) throws IOException {
        Path source = path(from);
        Path target = path(to);
        Path dir = Files.createDirectories(target.getParent());
        Path temp = dir.resolve(tempName(target.getFileName().toString()));
        try {
            Files.createLink(temp, source);
        } catch (NoSuchFileException e) {
            throw e;
        } catch (UnsupportedOperationException | FileSystemException e) {
            write(to, out -> Files.copy(source, out));
            return;
        }
        boolean committed = false;
        try {
            moveIntoPlace(temp, target);
            committed = true;
        } finally {
            if (!committed) deleteQuietly(temp);
        }
    }

    /** True only for a regular file: a directory is not a stored file. */
    @Override
    public boolean exists(String key) {
        return Files.isRegularFile(path(key));
    }

    @Override
    public StoredFile stat(String key) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(path(key), BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            throw new NoSuchFileException(key);
        }
        return new StoredFile(attributes.size(), attributes.lastModifiedTime().toInstant());
    }

    @Override
    public LocalFile local(String key) throws IOException {
        Path file = path(key);
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(key);
        }
        return LocalFile.stored(file);
    }

    @Override
    public List<String> children(String prefix) throws IOException {
        try (var children = Files.list(path(prefix))) {
            return children.map(child -> child.getFileName().toString()).filter(name -> !name.startsWith(".")).toList();
        } catch (NoSuchFileException | java.nio.file.NotDirectoryException e) {
            return List.of();
        }
    }

    @Override
    public Instant newest(String prefix) throws IOException {
        Path top = path(prefix);
        if (!Files.exists(top, LinkOption.NOFOLLOW_LINKS)) return null;
        try (var files = Files.walk(top)) {
            // A file deleted meanwhile (its writer just ended) counts as new: the folder is in use.
            return files.map(file -> {
                try {
                    return Files.getLastModifiedTime(file).toInstant();
                } catch (IOException e) {
                    return Instant.MAX;
                }
            }).max(Instant::compareTo).orElse(null);
        } catch (UncheckedIOException e) {
            return Instant.MAX;
        }
    }

    /** The data directory is checked by what uses it (a full disk is its own fault): nothing to reach here. */
    @Override
    public void check() {
    }

    /** @throws NoSuchFileException if the file is missing */
    @Override
    public InputStream open(String key) throws IOException {
        return Files.newInputStream(path(key));
    }

    /** {@code length} bytes from {@code offset} (one range of a download); fewer where the file ends. */
    @Override
    public InputStream open(String key, long offset, long length) throws IOException {
        SeekableByteChannel channel = Files.newByteChannel(path(key));
        try {
            channel.position(offset);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        return new LimitedInputStream(Channels.newInputStream(channel), length);
    }

    /** Deletes one file; a missing file is not an error since the goal state is reached either way. */
    @Override
    public void delete(String key) throws IOException {
        Files.deleteIfExists(path(key));
    }

    /** Deletes a directory (or single file) recursively; missing is not an error. Symlinks are removed, not followed. */
    @Override
    public void deleteTree(String prefix) throws IOException {
        Path top = path(prefix);
        if (!Files.exists(top, LinkOption.NOFOLLOW_LINKS)) return;
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                // Something else deleted it concurrently: fine, that is what we wanted.
                if (e instanceof NoSuchFileException) return FileVisitResult.CONTINUE;
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) throw e;
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Nothing to do: what a crash leaves here is a hidden temp file beside its target, in the folder of its run or
     * upload, removed with that folder; finding them sooner would mean walking the whole tree at every sweep.
     */
    @Override
    public int dropUnfinishedWrites(Instant begunBefore) {
        return 0;
    }

    private static String tempName(String targetName) {
        // Keep the name recognisable for debugging but short enough for the 255-byte file name limit.
        String stem = targetName.length() > 100 ? targetName.substring(0, 100) : targetName;
        byte[] random = new byte[8];
        RANDOM.nextBytes(random);
        return "." + stem + "." + HexFormat.of().formatHex(random) + ".tmp";
    }

    private static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // Same directory, so this only happens on exotic file systems; a plain move is the best left.
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // The original failure matters more; a stray temp file is harmless.
        }
    }
}
