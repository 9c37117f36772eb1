package dev.flowrun.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.db.Database;
import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.lifecycle.Abandoned;
import dev.flowrun.support.Await;
import dev.flowrun.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Leases by the database's clock, and takeovers that happen exactly once: on H2 and, in its execution, PostgreSQL. */
class InstanceTest {
    private TestDatabase testDatabase;
    private Database database;
    private Jdbi jdbi;

    @BeforeEach
    void open() {
        testDatabase = TestDatabase.fresh("instances");
        database = Database.open(testDatabase.url(), 6);
        jdbi = database.jdbi();
    }

    @AfterEach
    void close() {
        database.close();
        testDatabase.close();
    }

    /** Records whose work it was asked to take over. */
    private static final class Recorded implements Takeover {
        final List<String> calls = new CopyOnWriteArrayList<>();

        @Override
        public int takeOver(Handle handle, Abandoned abandoned) {
            calls.add(abandoned.toString());
            return 0;
        }

        @Override
        public String what() {
            return "nothing";
        }
    }

    @Test
    void aLeaseNotRenewedRunsOutAndTwoInstancesNoticingItAtOnceTakeItOverOnce() throws Exception {
        Instance gone = new Instance(jdbi, Duration.ofMillis(500));
        gone.register();
        Instance first = registered(Duration.ofSeconds(30));
        Instance second = registered(Duration.ofSeconds(30));
        assertThat(first.expired()).as("a lease that has not run out").doesNotContain(gone.id());

        Await.until("the lease to run out by the database's clock", Duration.ofSeconds(10),
                () -> first.expired().contains(gone.id()));
        var firstTook = new Recorded();
        var secondTook = new Recorded();
        var heartbeats = List.of(new Heartbeat(jdbi, first, List.of(firstTook), available()),
                new Heartbeat(jdbi, second, List.of(secondTook), available()));
        var go = new CountDownLatch(1);
        List<Thread> threads = heartbeats.stream().map(heartbeat -> new Thread(() -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                return;
            }
            heartbeat.takeOverAtStart(false);
        })).toList();
        threads.forEach(Thread::start);
        go.countDown();
        for (Thread thread : threads) {
            thread.join(10_000);
        }

        List<String> all = new ArrayList<>(firstTook.calls);
        all.addAll(secondTook.calls);
        assertThat(all).as("takeovers of the gone instance").containsExactly("instance " + gone.id());
        assertThat(ids()).containsExactlyInAnyOrder(first.id(), second.id());
    }

    @Test
    void anInstanceWhoseRowIsGoneGoesOnUnderANewId() {
        Instance stalled = registered(Duration.ofSeconds(30));
        String before = stalled.id();
        jdbi.useTransaction(handle -> Instance.remove(handle, before));

        assertThat(stalled.renew()).as("renewed").isFalse();
        assertThat(stalled.id()).isNotEqualTo(before);
        assertThat(ids()).containsExactly(stalled.id());
        assertThat(stalled.renew()).as("renewed under the new id").isTrue();
    }

    @Test
    void aReleasedLeaseIsOverAtOnce() {
        Instance stopping = registered(Duration.ofMinutes(10));
        Instance other = registered(Duration.ofMinutes(10));
        assertThat(other.expired()).isEmpty();

        stopping.release();

        assertThat(other.expired()).containsExactly(stopping.id());
    }

    @Test
    void anExclusiveStartTakesOverEveryOtherInstanceAndUnclaimedWorkAtOnce() {
        Instance earlier = registered(Duration.ofMinutes(10));
        Instance starting = registered(Duration.ofMinutes(10));
        var took = new Recorded();

        new Heartbeat(jdbi, starting, List.of(took), available()).takeOverAtStart(true);

        assertThat(ids()).containsExactly(starting.id());
        assertThat(took.calls).containsExactly("every earlier process");
        assertThat(earlier.id()).isNotEqualTo(starting.id());
    }

    private DatabaseAvailability available() {
        return new DatabaseAvailability(jdbi, () -> { });
    }

    private Instance registered(Duration lease) {
        Instance instance = new Instance(jdbi, lease);
        instance.register();
        return instance;
    }

    private List<String> ids() {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT id FROM instances").mapTo(String.class).list());
    }
}
