package dev.flowrun.imaging;

import dev.flowrun.error.InvalidRequest;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.LocalFile;
import dev.flowrun.files.MissingStoredFile;
import dev.flowrun.files.StoredFile;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Semaphore;

/**
 * The {@code ?thumb=256} variant of a signed file URL (the dashboard's item grid): made once from the stored file,
 * kept beside it under {@code .thumbs/}, and served like the file. A segment starting with a dot is never one the
 * service derives from a name it was given ({@link FileStore#safeSegment}), so a thumbnail cannot collide with a
 * run's own files; and it goes wherever its file goes (a run's folder deleted, an item's outputs redone).
 */
public final class Thumbnails {
    public static final int SIZE = 256;
    private static final String FOLDER = ".thumbs";
    /** A page of 25 items asks for 50 at once: two at a time keeps the workers' cores mostly theirs. */
    private final Semaphore making = new Semaphore(2);
    private final FileStore store;
    private final Thumbnailer thumbnailer;

    public Thumbnails(FileStore store, Thumbnailer thumbnailer) {
        this.store = store;
        this.thumbnailer = thumbnailer;
    }

    /** Checks the {@code thumb} parameter: only one size is made, so the stored thumbnails stay bounded. */
    public static void requireSize(String thumb) {
        if (!String.valueOf(SIZE).equals(thumb)) {
            throw new InvalidRequest("thumb", "thumb must be " + SIZE + " (the one thumbnail size this service makes)");
        }
    }

    /**
     * The key of the thumbnail of the stored file {@code key}, made now unless an up-to-date one is stored.
     *
     * @throws MissingStoredFile when the file is not in the store (any more): no thumbnail is made or served of it
     */
    public String of(String key) throws IOException {
        try {
            return storedOrMade(key);
        } catch (NoSuchFileException e) {
            throw new MissingStoredFile(key, "its thumbnail");
        }
    }

    private String storedOrMade(String key) throws IOException {
        String stored = stored(key);
        if (stored != null) {
            return stored;
        }
        try {
            making.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to make a thumbnail");
        }
        try {
            // Another request may have made it while this one waited.
            stored = stored(key);
            if (stored != null) {
                return stored;
            }
            Thumbnailer.Thumbnail thumbnail;
            try (LocalFile file = store.local(key)) {
                thumbnail = thumbnailer.make(file.path(), SIZE);
            }
            String thumbKey = thumbKey(key, thumbnail.extension());
            store.writeUnsynced(thumbKey, thumbnail::writeTo);
            return thumbKey;
        } catch (ImageRejected e) {
            throw new InvalidRequest("thumb", "no thumbnail can be made of this file: " + e.getMessage());
        } finally {
            making.release();
        }
    }

    /** A thumbnail at least as new as its file; an older one is of bytes since replaced (an item run again). */
    private String stored(String key) throws IOException {
        StoredFile source = store.stat(key);
        for (String extension : new String[] {"png", "jpg"}) {
            String thumbKey = thumbKey(key, extension);
            StoredFile thumb;
            try {
                thumb = store.stat(thumbKey);
            } catch (NoSuchFileException e) {
                continue;
            }
            // An empty one is what a machine crash can leave of a write not yet synced.
            if (thumb.size() > 0 && thumb.modified().compareTo(source.modified()) >= 0) {
                return thumbKey;
            }
        }
        return null;
    }

    static String thumbKey(String key, String extension) {
        int slash = key.lastIndexOf('/');
        String folder = slash < 0 ? "" : key.substring(0, slash + 1);
        return folder + FOLDER + "/" + key.substring(slash + 1) + "." + SIZE + "." + extension;
    }
}
