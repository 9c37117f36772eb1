package dev.flowrun.db;

import dev.flowrun.error.StartupFailure;
import java.sql.SQLException;

/** Turns a database that will not open into a one-line start-up failure an operator can act on. */
public final class OpenFailures {
    /** H2's "Database may be already in use": another process holds the file lock. */
    private static final int H2_ALREADY_OPEN = 90020;

    private OpenFailures() {
    }

    static StartupFailure of(String jdbcUrl, RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getErrorCode() == H2_ALREADY_OPEN) {
                return new StartupFailure("the database " + shown(jdbcUrl) + " is in use by another process"
                        + " (is flowrun already running on this data directory?); stop it, or give this one"
                        + " another FLOWRUN_DATA_DIR", failure);
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return new StartupFailure("cannot open the database " + shown(jdbcUrl) + ": "
                + StartupFailure.rootMessage(failure), failure);
    }

    /** The URL without its settings or query, where a password could be. */
    public static String shown(String jdbcUrl) {
        int end = jdbcUrl.length();
        for (char separator : new char[] {';', '?'}) {
            int at = jdbcUrl.indexOf(separator);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return jdbcUrl.substring(0, end);
    }
}
