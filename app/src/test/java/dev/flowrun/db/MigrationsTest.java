package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.TestDatabase;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MigrationsTest {

    @Test
    void appliesEveryVersionOnceAndAgainNothing() {
        try (TestDatabase db = TestDatabase.fresh("migrations"); Database database = Database.open(db.url(), 2)) {
            List<Integer> versions = versions(database);
            assertThat(versions).startsWith(1, 2).doesNotHaveDuplicates();
            new Migrations(database.jdbi(), database.dialect()).apply();
            assertThat(versions(database)).isEqualTo(versions);
        }
    }

    @Test
    void theScriptsListedAreEveryOneThatALookupByNumberFinds() {
        List<Integer> probed = IntStream.rangeClosed(1, Migrations.HIGHEST)
                .filter(v -> Migrations.class.getClassLoader().getResource("db/migration/V" + v + ".sql") != null)
                .boxed().toList();
        assertThat(probed).startsWith(1, 2);
        assertThat(Migrations.available()).containsExactlyElementsOf(probed);
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

    static List<Integer> versions(Database database) {
        return database.jdbi().withHandle(h -> h
                .createQuery("SELECT version FROM schema_version ORDER BY version").mapTo(Integer.class).list());
    }
}
