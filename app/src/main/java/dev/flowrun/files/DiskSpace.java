package dev.flowrun.files;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the data directory has room: "full" below a reserve, so that the embedded database, which closes itself
 * on a write it cannot make, still has room for the small writes of requests and items that go on (a cancel, a
 * finish) while file writes are refused. Read from the file system at most every {@link #RECHECK_MILLIS}; the
 * change either way is logged once.
 */
public final class DiskSpace {
    private static final Logger LOG = LoggerFactory.getLogger(DiskSpace.class);
    /** Thousands of the database's commits; far less than a single image. */
    public static final long RESERVE_BYTES = 8L << 20;
    private static final long RECHECK_MILLIS = 250;
    private final Path dir;
    private final long reserve;
    private long checkedAt;
    private boolean full;

    public DiskSpace(Path dir, long reserve) {
        this.dir = dir;
        this.reserve = reserve;
    }

    /** True while the data directory's file system has less than the reserve left for this process. */
    public synchronized boolean full() {
        long now = System.nanoTime();
        if (checkedAt != 0 && now - checkedAt < TimeUnit.MILLISECONDS.toNanos(RECHECK_MILLIS)) {
            return full;
        }
        checkedAt = now;
        long usable;
        try {
            FileStore store = Files.getFileStore(dir);
            usable = store.getUsableSpace();
        } catch (IOException e) {
            return full; // the directory cannot be read: whatever writes there says so itself
        }
        boolean nowFull = usable < reserve;
        if (nowFull != full) {
            if (nowFull) {
                LOG.warn("the data directory {} is full ({} KiB left, under the {} MiB kept for the database):"
                        + " file writes get 507 and items wait until space is freed", dir, usable >> 10, reserve >> 20);
            } else {
                LOG.info("the data directory {} has room again ({} MiB left); writes and items resume", dir,
                        usable >> 20);
            }
            full = nowFull;
        }
        return full;
    }

    /** Forgets the last reading: a write just failed for want of space, so the next look reads the file system. */
    public synchronized void recheck() {
        checkedAt = 0;
    }
}
