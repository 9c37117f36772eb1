package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.Test;

class H2SettingsTest {

    @Test
    void everyConnectionRunsWithTheServicesSettings() throws SQLException {
        try (Database database = Database.open("jdbc:h2:mem:settings-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", 2)) {
            database.jdbi().useHandle(handle -> {
                assertThat(setting(handle, "CACHE_SIZE")).isEqualTo("4096");
                assertThat(setting(handle, "QUERY_CACHE_SIZE")).isEqualTo("64");
                // Each commit written before it returns: a kill -9 after a 2xx keeps what it answered.
                assertThat(setting(handle, "WRITE_DELAY")).isEqualTo("0");
                // Off, or each cached query keeps its last result: a whole run's outputs per connection.
                assertThat(reusesResults(handle.getConnection())).isFalse();
            });
        }
    }

    @Test
    void aSettingInTheUrlKeepsItsValue() {
        String url = "jdbc:h2:mem:own-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1;query_cache_size=16";
        assertThat(H2Settings.missingFrom(url)).doesNotContainKey("QUERY_CACHE_SIZE").containsKey("CACHE_SIZE");
        try (Database database = Database.open(url, 2)) {
            String size = database.jdbi().withHandle(handle -> setting(handle, "QUERY_CACHE_SIZE"));
            assertThat(size).isEqualTo("16");
        }
    }

    @Test
    void otherDatabasesGetNone() {
        assertThat(H2Settings.missingFrom("jdbc:postgresql://localhost/flowrun")).isEmpty();
    }

    /** H2 lists some settings twice (WRITE_DELAY: the database's and the URL's): they must agree. */
    private static String setting(Handle handle, String name) {
        return handle.createQuery("SELECT setting_value FROM information_schema.settings WHERE setting_name = :name")
                .bind("name", name).mapTo(String.class).stream().distinct().reduce((a, b) -> a + " and " + b)
                .orElse(null);
    }

    private static boolean reusesResults(Connection connection) throws SQLException {
        SessionLocal session = (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
        return session.getDatabase().getOptimizeReuseResults();
    }
}
