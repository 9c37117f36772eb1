package dev.flowrun.engine;

import dev.flowrun.files.FileStore;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The files one item wrote (its downloaded inputs, its outputs), each synced to disk in the background from the
 * moment it is written; the item counts as done only after {@link #await}. A worker used to wait for each sync in
 * turn, twice per item: a few milliseconds each, but now and then a few hundred on a busy disk, all of it a core
 * left idle (with as many workers as cores). Now the input's sync overlaps the item's image work and only the last
 * output's is waited for. A crash before the item counts re-runs it, so nothing relies on an unsynced file.
 */
final class ItemFileSyncs {
    private final FileStore store;
    private final List<CompletableFuture<Void>> started = new ArrayList<>();

    ItemFileSyncs(FileStore store) {
        this.store = store;
    }

    /** Starts syncing a file this item has just written with {@link FileStore#writeUnsynced}. */
    void add(String key) {
        started.add(store.syncSoon(key));
    }

    /** Waits until every file added is on disk. */
    void await() throws IOException {
        for (CompletableFuture<Void> sync : started) {
            try {
                sync.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while syncing the item's files");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof UncheckedIOException io) {
                    throw io.getCause();
                }
                throw new IOException(e.getCause());
            }
        }
    }
}
