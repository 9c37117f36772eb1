package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.flowrun.support.TestDatabase;
import org.junit.jupiter.api.Test;

/** The same SQLSTATE from either database, through JDBI's wrapping. */
class UniqueViolationTest {

    @Test
    void aDuplicateKeyIsOneAndOtherFailuresAreNot() {
        try (TestDatabase db = TestDatabase.fresh("unique"); Database database = Database.open(db.url(), 2)) {
            String insert = "INSERT INTO settings (setting_name, setting_value) VALUES ('a', 'b')";
            database.jdbi().useHandle(handle -> handle.execute(insert));

            Throwable duplicate = catchThrowable(() -> database.jdbi().useHandle(handle -> handle.execute(insert)));
            Throwable tooLong = catchThrowable(() -> database.jdbi().useHandle(handle -> handle.execute(
                    "INSERT INTO settings (setting_name, setting_value) VALUES ('" + "x".repeat(101) + "', 'b')")));

            assertThat(UniqueViolation.in(duplicate)).as(duplicate.toString()).isTrue();
            assertThat(tooLong).isNotNull();
            assertThat(UniqueViolation.in(tooLong)).isFalse();
            assertThat(UniqueViolation.in(new RuntimeException(new IllegalStateException()))).isFalse();
        }
    }
}
