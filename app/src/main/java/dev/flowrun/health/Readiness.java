package dev.flowrun.health;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.StorageUnavailable;
import java.util.Optional;

/**
 * Whether the service can do its work now, and if not, why: what {@code GET /health} answers (README, "Faults"):
 * the data directory's room, the database, the file store (an object store's answer within a few seconds).
 */
public record Readiness(DatabaseAvailability database, DiskSpace disk, FileStore store) {
    public static final String DATABASE = "database";
    public static final String DISK_FULL = "disk_full";
    public static final String STORAGE = "storage";

    /** Empty when ready; else the reason: {@code database}, {@code disk_full} or another check's. */
    public Optional<String> problem() {
        // The disk first: on a full disk the embedded database closes itself, and the disk is what to free.
        if (disk.full()) {
            return Optional.of(DISK_FULL);
        }
        if (!database.check()) {
            return Optional.of(DATABASE);
        }
        try {
            store.check();
        } catch (StorageUnavailable e) {
            return Optional.of(STORAGE);
        }
        return Optional.empty();
    }
}
