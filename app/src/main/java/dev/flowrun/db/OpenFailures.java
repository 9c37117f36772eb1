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
            if (cause instanceof SQLException sql && Dialect.of(jdbcUrl) == Dialect.POSTGRESQL
                    && refusesConnection(sql.getSQLState())) {
                // The driver's own words say which: "Connection to host:port refused", "password authentication
                // failed for user …", "database … does not exist".
                return new StartupFailure("cannot connect to the PostgreSQL database " + shown(jdbcUrl)
                        + " (FLOWRUN_DB_URL): " + String.valueOf(sql.getMessage()).lines().findFirst().orElse(""),
                        failure);
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return new StartupFailure("cannot open the database " + shown(jdbcUrl) + ": "
                + StartupFailure.rootMessage(failure), failure);
    }

    /** PostgreSQL's classes of "cannot connect" (08), "not allowed in" (28) and "no such database" (3D000). */
    private static boolean refusesConnection(String sqlState) {
        return sqlState != null && (sqlState.startsWith("08") || sqlState.startsWith("28") || sqlState.equals("3D000"));
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
