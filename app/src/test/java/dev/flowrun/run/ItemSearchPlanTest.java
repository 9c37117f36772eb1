package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.db.Database;
import java.util.Locale;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.Test;

/**
 * q stays index-backed: its matches are found in one run's slice of run_items_search, never by reading
 * the table, and only the page's rows are then fetched by primary key. Checked on H2's own plans of the queries
 * the service sends.
 */
class ItemSearchPlanTest {

    private static String plan(Handle handle, String sql) {
        return handle.createQuery("EXPLAIN " + sql).bind("runId", 7L).bind("pattern", RunQueries.containsPattern("red"))
                .bind("limit", 25).bind("offset", 0).mapTo(String.class).one().toUpperCase(Locale.ROOT);
    }

    @Test
    void matchesAreFoundInTheRunsSliceOfTheSearchIndexAndPageRowsByPrimaryKey() {
        try (Database database = Database.open("jdbc:h2:mem:plan-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", 2)) {
            database.jdbi().useHandle(handle -> {
                String items = plan(handle, RunQueries.ITEMS_MATCHING);
                assertThat(items).contains("RUN_ITEMS_SEARCH: RUN_ID = ");
                assertThat(items).containsPattern("PRIMARY_KEY_[0-9A-F]+: ID IN\\(");
                assertThat(items).doesNotContain("TABLESCAN", "RUN_ITEMS_BY_STATUS", "RUN_ITEMS_BY_POSITION");

                String count = plan(handle, RunQueries.COUNT_MATCHING);
                assertThat(count).contains("RUN_ITEMS_SEARCH: RUN_ID = ").doesNotContain("TABLESCAN");
            });
        }
    }
}
