package dev.flowrun.db;

import java.sql.SQLException;

/** A unique or primary key refused an insert: someone else's insert won the race. */
public final class UniqueViolation {
    /** SQLSTATE {@code 23505}, on H2 and PostgreSQL alike. */
    private static final String SQL_STATE = "23505";

    private UniqueViolation() {
    }

    /** Whether {@code failure}, or anything it was caused by, is a unique violation. */
    public static boolean in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && SQL_STATE.equals(sql.getSQLState())) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}
