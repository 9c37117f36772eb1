package dev.flowrun.files;

import java.io.IOException;

/**
 * A file that should be in the store is not (a bucket restored from an old backup, a wrong lifecycle rule), met while
 * making something of it: an archive, a thumbnail. What was being made is not made, so nothing partial or empty is
 * ever kept or served as complete; a request answers 503 {@code service_unavailable} with {@code Retry-After}, its
 * log line names the key, and the next request tries again, which succeeds once the file is back.
 */
public final class MissingStoredFile extends IOException {
    private final String key;

    public MissingStoredFile(String key, String madeOf) {
        super("the stored file " + key + " is missing from the store; " + madeOf + " is not made until it is back");
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** This failure anywhere in {@code failure}'s causes, or null: services wrap IOExceptions on the way up. */
    public static MissingStoredFile in(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof MissingStoredFile missing) {
                return missing;
            }
        }
        return null;
    }
}
