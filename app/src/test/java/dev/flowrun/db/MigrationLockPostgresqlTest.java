package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/**
 * Several instances, on PostgreSQL only (H2 is one process's, its file lock keeps out a second): instances starting
 * together on one empty database take turns on the migration lock.
 */
class MigrationLockPostgresqlTest {

    @Test
    void instancesOpeningOneEmptyDatabaseTogetherMigrateItOnce() throws Exception {
        String url = TestPostgres.freshDatabase("together");
        int instances = 4;
        var barrier = new CyclicBarrier(instances);
        List<CompletableFuture<Database>> opening = new ArrayList<>();
        for (int i = 0; i < instances; i++) {
            opening.add(CompletableFuture.supplyAsync(() -> {
                try {
                    barrier.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return Database.open(url, 2);
            }));
        }
        List<Database> opened = new ArrayList<>();
        try {
            for (var open : opening) {
                opened.add(open.join());
            }
            List<Integer> versions = MigrationsTest.versions(opened.get(0));
            assertThat(versions).startsWith(1, 2, 3, 4, 5, 6).doesNotHaveDuplicates();
            assertThat(opened).allSatisfy(database ->
                    assertThat(MigrationsTest.versions(database)).isEqualTo(versions));
        } finally {
            opened.forEach(Database::close);
            TestPostgres.drop(url);
        }
    }
}
