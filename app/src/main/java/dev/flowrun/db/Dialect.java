package dev.flowrun.db;

import java.util.Locale;

/** Which database the service talks to; decided by the JDBC URL. */
public enum Dialect {
    /** Embedded H2 (a file or memory): one process at a time, the file lock guarantees it. */
    H2,
    /** PostgreSQL: several instances may share it. */
    POSTGRESQL;

    public static Dialect of(String jdbcUrl) {
        String url = jdbcUrl.toLowerCase(Locale.ROOT);
        if (url.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        if (url.startsWith("jdbc:h2:")) {
            return H2;
        }
        throw new IllegalArgumentException("not an H2 or PostgreSQL JDBC URL: " + OpenFailures.shown(jdbcUrl));
    }

    /** Whether this process is the only one using the database (so anything claimed by another is abandoned). */
    public boolean exclusive() {
        return this == H2;
    }
}
