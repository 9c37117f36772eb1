package dev.flowrun.files;

import java.util.Locale;

/** Whether a failure was a write the file system refused for want of space (ENOSPC, EDQUOT). */
public final class DiskFull {
    private DiskFull() {
    }

    public static boolean in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (said(cause.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /** Whether a message (an item's error, made from an exception's) tells of such a write. */
    public static boolean said(String message) {
        if (message == null) {
            return false;
        }
        String text = message.toLowerCase(Locale.ROOT);
        return text.contains("no space left on device") || text.contains("disk quota exceeded");
    }
}
