package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.Json;
import dev.flowrun.auth.AuthService;
import dev.flowrun.support.Await;
import dev.flowrun.support.TestPostgres;
import dev.flowrun.workflow.Templates;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Instances making their first start together on one empty PostgreSQL. Each race is forced: the loser
 * has read that nothing is there and waits on the winner's uncommitted insert when the winner commits. (On H2 one
 * process has the database, so there is no such race.)
 */
class FirstStartRacesPostgresqlTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private String url;
    private Database database;

    @BeforeEach
    void emptyDatabase() {
        url = TestPostgres.freshDatabase("first_start");
        database = Database.open(url, 4);
    }

    @AfterEach
    void drop() {
        database.close();
        TestPostgres.drop(url);
    }

    @Test
    void theInstanceThatLosesTheFirstWorkspaceShowsNoKeyAndTheWinnersKeyWorks() {
        var winnerShowing = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        CompletableFuture<Optional<String>> winner = CompletableFuture.supplyAsync(() -> auth().bootstrap(null, key -> {
            winnerShowing.countDown();
            await(release);
        }));
        await(winnerShowing);
        CompletableFuture<Optional<String>> loser = CompletableFuture.supplyAsync(() -> auth().bootstrap(null));
        awaitSomeoneWaitingOnALock();
        release.countDown();

        assertThat(loser.join()).isEmpty();
        String key = winner.join().orElseThrow();
        assertThat(auth().authenticate("Bearer " + key)).isNotNull();
        assertThat(count("SELECT COUNT(*) FROM workspaces")).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM api_keys")).isEqualTo(1);
    }

    @Test
    void theInstanceThatLosesTheSigningSecretUsesTheWinners() {
        byte[] winners = new byte[32];
        winners[0] = 42;
        Jdbi jdbi = database.jdbi();
        try (Handle other = jdbi.open()) {
            other.begin();
            other.createUpdate("INSERT INTO settings (setting_name, setting_value) VALUES ('url_signing_secret', :v)")
                    .bind("v", Base64.getEncoder().encodeToString(winners)).execute();
            var loser = CompletableFuture.supplyAsync(() -> new Settings(jdbi).urlSigningSecret());
            awaitSomeoneWaitingOnALock();
            other.commit();
            assertThat(loser.join()).isEqualTo(winners);
        }
    }

    private AuthService auth() {
        return new AuthService(database.jdbi(), new Templates(Json.mapper()), Clock.systemUTC());
    }

    private long count(String sql) {
        return database.jdbi().withHandle(handle -> handle.createQuery(sql).mapTo(Long.class).one());
    }

    private void awaitSomeoneWaitingOnALock() {
        Await.until("an insert waiting for the other transaction", WAIT,
                () -> count("SELECT COUNT(*) FROM pg_locks WHERE NOT granted"), waiting -> waiting > 0);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
