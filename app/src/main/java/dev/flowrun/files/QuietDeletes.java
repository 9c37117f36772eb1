package dev.flowrun.files;

import java.io.IOException;
import org.slf4j.LoggerFactory;

/**
 * Removing files whose removal is a clean-up after something else went wrong or ended: a failure to remove them is
 * logged, never raised over the error or result that is being reported.
 */
public final class QuietDeletes {
    private QuietDeletes() {
    }

    /** Removes the folder {@code key} and everything under it; {@code what} names it in the log line. */
    public static void tree(FileStore store, String key, String what) {
        try {
            store.deleteTree(key);
        } catch (IOException e) {
            LoggerFactory.getLogger(QuietDeletes.class).warn("{}: could not delete {}: {}", what, key, e.toString());
        }
    }
}
