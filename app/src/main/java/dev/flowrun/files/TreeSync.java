package dev.flowrun.files;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * Syncs every file of a directory tree to disk, {@code parallelism} at a time, walking the tree lazily so
 * memory does not depend on how many files it holds.
 */
final class TreeSync {
    private TreeSync() {
    }

    static void sync(Path top, int parallelism) throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(parallelism, task -> {
            Thread thread = new Thread(task, "flowrun-sync");
            thread.setDaemon(true);
            return thread;
        });
        Semaphore slots = new Semaphore(parallelism * 2);
        AtomicReference<IOException> failure = new AtomicReference<>();
        try (Stream<Path> walk = Files.walk(top)) {
            for (Iterator<Path> files = walk.filter(Files::isRegularFile).iterator(); files.hasNext() && failure.get() == null; ) {
                Path file = files.next();
                slots.acquire();
                pool.execute(() -> {
                    try {
                        DirectoryStore.syncFile(file);
                    } catch (IOException e) {
                        failure.compareAndSet(null, e);
                    } finally {
                        slots.release();
                    }
                });
            }
            pool.shutdown();
            if (!pool.awaitTermination(10, TimeUnit.MINUTES)) {
                throw new IOException("syncing " + top + " took longer than 10 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while syncing " + top);
        } finally {
            pool.shutdownNow();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
