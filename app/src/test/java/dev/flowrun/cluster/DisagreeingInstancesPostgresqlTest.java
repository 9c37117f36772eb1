package dev.flowrun.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.SharedInstances;
import dev.flowrun.support.TestPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Instances of one PostgreSQL database that are started differently: one whose results would differ refuses to
 * start, and each keeps to the connections FLOWRUN_DB_POOL_SIZE allows it, its notifications' own included.
 */
class DisagreeingInstancesPostgresqlTest {
    private static final Duration START = Duration.ofSeconds(60);
    private String databaseUrl;
    private Jdbi jdbi;
    private Map<String, String> env;

    @BeforeEach
    void database() throws IOException {
        databaseUrl = TestPostgres.freshDatabase("disagreeing");
        jdbi = Jdbi.create(databaseUrl);
        Path dataDir = Files.createTempDirectory("flowrun-disagreeing");
        env = SharedInstances.env(databaseUrl, dataDir, Duration.ofSeconds(30));
        env.put("FLOWRUN_DB_POOL_SIZE", "3");
    }

    @AfterEach
    void drop() {
        TestPostgres.drop(databaseUrl);
    }

    /**
     * One running instance for both (each instance a JVM and its start): it keeps to its pool, and those started
     * beside it with other result settings are refused.
     */
    @Test
    void theListeningConnectionIsOneOfThePoolsAndAnInstanceWhoseResultSettingsDifferIsRefusedInOneLine() {
        try (MainProcess first = MainProcess.start(env)) {
            first.awaitListening(START);
            Await.until("the instance to listen for notifications", START, () -> connections().stream()
                    .anyMatch(query -> query.startsWith("LISTEN ")));
            // The pool was filled before the instance started listening: what is open now is all it opens.
            List<String> open = connections();
            assertThat(open).as("FLOWRUN_DB_POOL_SIZE=3: %s", open).hasSizeLessThanOrEqualTo(3);

            MainProcess smaller = MainProcess.start(with("FLOWRUN_MAX_PIXELS", "1000000"));
            assertThat(smaller.awaitExit(START)).isNotZero();
            assertThat(smaller.stderrLines()).hasSize(1).first().asString()
                    .startsWith("flowrun: cannot join the running instances: FLOWRUN_MAX_PIXELS is 1000000 here but"
                            + " 50000000 on the instance on host ")
                    .contains("(pid " + first.pid() + ")");

            MainProcess shortRetention = MainProcess.start(with("FLOWRUN_OUTPUT_RETENTION", "2m"));
            assertThat(shortRetention.awaitExit(START)).isNotZero();
            assertThat(shortRetention.stderrLines()).hasSize(1).first().asString()
                    .contains("FLOWRUN_OUTPUT_RETENTION is 2m here but unset on the instance");

            List<Long> registered = jdbi.withHandle(handle -> handle.createQuery("SELECT pid FROM instances")
                    .mapTo(Long.class).list());
            assertThat(registered).as("the refused instances left no row behind").containsExactly(first.pid());
        }
    }

    /** The last statement of each connection to the database but this test's own. */
    private List<String> connections() {
        return jdbi.withHandle(handle -> handle.createQuery("""
                        SELECT coalesce(query, '') FROM pg_stat_activity
                        WHERE datname = current_database() AND pid <> pg_backend_pid()""")
                .mapTo(String.class).list());
    }

    private Map<String, String> with(String name, String value) {
        Map<String, String> changed = new HashMap<>(env);
        changed.put(name, value);
        return changed;
    }
}
