package dev.flowrun.files;

import java.io.IOException;

/**
 * The store could not be reached or refused a request (after the retries that were safe): an item that needs it
 * fails with {@code storage_unavailable}, a request answers 503 {@code service_unavailable} (README, Several
 * instances). Not the caller's fault, and not a missing file.
 */
public final class StorageUnavailable extends IOException {
    public StorageUnavailable(String message, Throwable cause) {
        super(message, cause);
    }

    /** The store's failure anywhere in {@code failure}'s causes, or null: services wrap IOExceptions on the way up. */
    public static StorageUnavailable in(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StorageUnavailable unavailable) {
                return unavailable;
            }
        }
        return null;
    }
}
