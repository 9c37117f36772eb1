package dev.flowrun.db;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * Tells a database that cannot be reached (an outage: the service waits and answers 503) from a statement that
 * failed on its own (a bug: 500), by the exception's causes.
 */
public final class DatabaseFaults {
    /** H2: "The database has been closed" (after a write it could not make, a full disk say) and "called at shutdown". */
    private static final int H2_CLOSED = 90098;
    private static final int H2_AT_SHUTDOWN = 90121;
    /** H2: "Timeout trying to lock table", "Concurrent update"; its deadlock is SQLSTATE 40001 as in the standard. */
    private static final int H2_LOCK_TIMEOUT = 50200;
    private static final int H2_CONCURRENT_UPDATE = 90131;

    private DatabaseFaults() {
    }

    /**
     * True when {@code failure} says the database is not there: no connection within the pool's timeout, a
     * connection refused or cut (SQLSTATE class 08), a server shutting down or starting (57P01 to 57P03), an H2
     * database that closed itself.
     */
    public static boolean unreachable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause instanceof SQLTransientConnectionException && cause.getCause() instanceof SQLException) {
                return true; // the pool's timeout, with the last failure to connect as its cause
            }
            if (cause instanceof SQLException sql) {
                String state = sql.getSQLState();
                if (state != null && (state.startsWith("08") || state.startsWith("57P"))) {
                    return true;
                }
                if (closedH2(sql)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The pool had no connection to give within its timeout while the database answers (every one in use): not an
     * outage, but the request is answered 503 all the same, for the caller to try again.
     */
    public static boolean poolBusy(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause instanceof SQLTransientConnectionException) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code failure} is a transaction that lost to others over a lock (a lock wait timed out, a deadlock,
     * a serialization failure, PostgreSQL's lock_not_available): the database is there and the statement is right,
     * so it is neither an outage nor a bug, and the same transaction may well go through when tried again.
     */
    public static boolean contention(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause instanceof SQLException sql) {
                String state = String.valueOf(sql.getSQLState());
                if (state.equals("40001") || state.equals("40P01") || state.equals("55P03")
                        || sql.getErrorCode() == H2_LOCK_TIMEOUT && state.equals("HYT00")
                        || sql.getErrorCode() == H2_CONCURRENT_UPDATE && state.equals("90131")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** An H2 database that closed itself: its pooled connections are dead for good, new ones open it again. */
    static boolean closedH2(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause instanceof SQLException sql
                    && (sql.getErrorCode() == H2_CLOSED || sql.getErrorCode() == H2_AT_SHUTDOWN)
                    && String.valueOf(sql.getSQLState()).startsWith("90")) {
                return true;
            }
        }
        return false;
    }

    /** The driver's own first line about the deepest SQL failure: what a log line may say (never the statement). */
    public static String reason(Throwable failure) {
        String reason = failure.getClass().getSimpleName();
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause instanceof SQLException sql && sql.getMessage() != null) {
                reason = sql.getMessage().lines().findFirst().orElse(reason);
                // H2 appends the statement after "; SQL statement:" on the same line.
                int statement = reason.indexOf("; SQL statement");
                if (statement >= 0) {
                    reason = reason.substring(0, statement);
                }
            }
        }
        return reason;
    }

    private static Throwable next(Throwable cause) {
        Throwable next = cause.getCause();
        return next == cause ? null : next;
    }
}
