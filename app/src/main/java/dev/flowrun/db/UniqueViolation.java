package dev.flowrun.db;

import java.sql.SQLException;

/**
 * Whether a failure is a unique or primary key violation: SQLSTATE 23505 on H2 and PostgreSQL alike. Instances
 * starting together on one database both insert what a first start makes; the loser of such an insert reads the
 * winner's row instead.
 */
public final class UniqueViolation {
    private static final String SQLSTATE = "23505";

    private UniqueViolation() {
    }

    /** Whether {@code failure} or any of its causes is a 23505 (JDBI wraps the driver's exception). */
    public static boolean in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && SQLSTATE.equals(sql.getSQLState())) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}
