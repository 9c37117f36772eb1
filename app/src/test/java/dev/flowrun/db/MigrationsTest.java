package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MigrationsTest {

    @Test
    void appliesEveryVersionOnceAndAgainNothing() {
        try (Database database = Database.open("jdbc:h2:mem:migrations-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", 2)) {
            List<Integer> versions = database.jdbi().withHandle(h -> h
                    .createQuery("SELECT version FROM schema_version ORDER BY version").mapTo(Integer.class).list());
            assertThat(versions).startsWith(1, 2).doesNotHaveDuplicates();
            new Migrations(database.jdbi()).apply();
            int count = database.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM schema_version")
                    .mapTo(Integer.class).one());
            assertThat(count).isEqualTo(versions.size());
        }
    }

    @Test
    void splitsScriptsIntoStatementsSkippingComments() {
        assertThat(Migrations.statements("""
                -- a comment
                CREATE TABLE a (x INT);

                CREATE INDEX a_x
                    ON a (x);
                """)).containsExactly("CREATE TABLE a (x INT)", "CREATE INDEX a_x\n    ON a (x)");
    }
}
