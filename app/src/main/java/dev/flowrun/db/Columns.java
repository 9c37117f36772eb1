package dev.flowrun.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/** Reading the column types the hand-written row mappers need; null stays null. */
public final class Columns {
    private Columns() {
    }

    /** A {@code TIMESTAMP WITH TIME ZONE}; OffsetDateTime is what both H2 and PostgreSQL drivers hand out for it. */
    public static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
