package dev.flowrun.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.Json;
import dev.flowrun.db.Database;
import dev.flowrun.lifecycle.RunEvents;
import dev.flowrun.support.Await;
import dev.flowrun.support.TestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hub against a real events table while a run writes its events: thousands of streams of the run open at random
 * ids, take events while their clients drain at their own pace (room comes and goes between two looks, as a
 * connection's buffer empties), and leave at random (a quarter stay to the end). Every stream must have received exactly the events after its
 * Last-Event-ID, one by one, each as the table holds it.
 */
class RunEventHubReconnectTest {
    static final int EVENTS = 400;
    static final int RECONNECTS = 2_000;
    TestDatabase db;
    Database database;
    Jdbi jdbi;
    RunEventHub hub;
    long workspaceId;
    long runId;

    @BeforeEach
    void aRun() {
        db = TestDatabase.fresh("hub");
        database = Database.open(db.url(), 8);
        jdbi = database.jdbi();
        jdbi.useHandle(this::insertRun);
        hub = new RunEventHub(jdbi, Clock.systemUTC(), Json.mapper());
        hub.start();
    }

    @AfterEach
    void close() {
        hub.stop();
        database.close();
        db.close();
    }

    @Test
    void everyStreamGetsExactlyTheEventsAfterItsIdInOrderHoweverManyComeAndGo() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(12);
        Future<?> writer = threads.submit(this::writeTheRun);
        ConcurrentLinkedQueue<ClientSink> clients = new ConcurrentLinkedQueue<>();
        List<Future<?>> openers = new ArrayList<>();
        for (int t = 0; t < 10; t++) {
            openers.add(threads.submit(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < RECONNECTS / 10; i++) {
                    RunEvent now = hub.current(workspaceId, runId);
                    // A resume from anywhere the run has been, now and then a new stream, or an id from nowhere.
                    int kind = random.nextInt(20);
                    Long lastId = kind == 0 ? null : kind == 1 ? now.id() + 5 : random.nextLong(now.id() + 1);
                    ClientSink client = new ClientSink(lastId, now.id(), random.nextInt(4) == 0 ? Integer.MAX_VALUE : random.nextInt(1, 120));
                    clients.add(client);
                    hub.open(now, lastId, client);
                    if (random.nextInt(4) == 0) {
                        Thread.sleep(1);
                    }
                }
                return null;
            }));
        }
        for (Future<?> opener : openers) {
            opener.get(90, TimeUnit.SECONDS);
        }
        writer.get(90, TimeUnit.SECONDS);
        Await.until("every stream to end or leave", Duration.ofSeconds(60), () -> hub.openStreams() == 0
                && clients.stream().allMatch(ClientSink::done));
        threads.shutdown();

        Map<Long, String> table = new EventReads(jdbi, Json.mapper()).after(runId, 0, EVENTS * 2).stream()
                .collect(Collectors.toMap(RunEvent::id, RunEvent::frame));
        long last = table.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
        assertThat(table).hasSize((int) last);
        assertThat(clients).hasSize(RECONNECTS);
        int resumed = 0;
        List<String> wrong = new ArrayList<>();
        for (ClientSink client : clients) {
            String fault = fault(client, table, last);
            if (fault != null) {
                wrong.add(fault);
            }
            resumed += client.fresh() ? 0 : 1;
        }
        assertThat(wrong).as("%d of %d streams", wrong.size(), RECONNECTS).isEmpty();
        assertThat(resumed).isGreaterThan(RECONNECTS / 2);
        assertThat(clients.stream().filter(c -> c.ended).count()).as("streams that saw the run end").isPositive();
    }

    /**
     * What is wrong with what a client received, or null: exactly the ids after its start one by one, each as the
     * table holds it (a fresh stream starts with the run's state, not a row), and the run's last event if it ended.
     */
    private static String fault(ClientSink client, Map<Long, String> table, long last) {
        List<Long> ids = client.ids();
        boolean fresh = client.fresh();
        long start = fresh ? client.openedAt : client.lastId;
        for (int i = fresh ? 1 : 0, next = 1; i < ids.size(); i++, next++) {
            if (ids.get(i) != start + next || !client.frames.get(i).equals(table.get(ids.get(i)))) {
                return "from " + client.lastId + " (run at " + client.openedAt + "): " + ids;
            }
        }
        if (client.ended && (ids.isEmpty() ? start : ids.get(ids.size() - 1)) != last) {
            return "ended before the run's last event: " + ids;
        }
        return null;
    }

    /** The run's events as the service writes them: one per item ended, the run's changes, then its end. */
    private Void writeTheRun() throws InterruptedException {
        jdbi.useTransaction(handle -> {
            handle.execute("UPDATE runs SET status = 'running' WHERE id = ?", runId);
            RunEvents.runChanged(handle, runId);
        });
        for (int i = 1; i < EVENTS - 1; i++) {
            long itemId = i;
            jdbi.useTransaction(handle -> {
                handle.execute("UPDATE runs SET completed_items = completed_items + 1 WHERE id = ?", runId);
                RunEvents.itemEnded(handle, runId, itemId, "completed");
            });
            if (i % 20 == 0) {
                Thread.sleep(5);
            }
        }
        jdbi.useTransaction(handle -> {
            handle.execute("UPDATE runs SET status = 'completed', finished_at = CURRENT_TIMESTAMP WHERE id = ?", runId);
            RunEvents.runChanged(handle, runId);
        });
        return null;
    }

    private void insertRun(Handle handle) {
        Function<String, Long> insert = sql -> handle.createUpdate(sql).executeAndReturnGeneratedKeys("id")
                .mapTo(Long.class).one();
        workspaceId = insert.apply("INSERT INTO workspaces (name, created_at) VALUES ('w', CURRENT_TIMESTAMP)");
        long workflowId = insert.apply("""
                INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order,
                                       created_by_user_id, graph, created_at, updated_at)
                VALUES (%d, 'w', '', FALSE, FALSE, 0, 0, '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"""
                .formatted(workspaceId));
        runId = handle.createUpdate("""
                        INSERT INTO runs (workspace_id, workflow_id, name, status, run_trigger, graph, zip_layout,
                                          total_items, completed_items, failed_items, output_count, created_at,
                                          updated_at)
                        VALUES (:workspace, :workflow, 'r', 'queued', 'api', '{}', 'preserve', :total, 0, 0, 0, :t, :t)""")
                .bind("workspace", workspaceId).bind("workflow", workflowId).bind("total", EVENTS - 2)
                .bind("t", Instant.now()).executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    /**
     * A client as the hub sees it: it has room or not from one look to the next (its connection drains meanwhile),
     * and it leaves once it has had {@code wants} events.
     */
    static final class ClientSink implements EventSink {
        final Long lastId;
        final long openedAt;
        final int wants;
        final List<String> frames = new ArrayList<>();
        boolean ended;
        boolean closed;

        ClientSink(Long lastId, long openedAt, int wants) {
            this.lastId = lastId;
            this.openedAt = openedAt;
            this.wants = wants;
        }

        @Override
        public synchronized boolean send(String text) {
            if (closed || ended) {
                return false;
            }
            if (!text.startsWith(":")) {
                frames.add(text);
                if (frames.size() >= wants) {
                    closed = true;
                }
            }
            return true;
        }

        @Override
        public synchronized void end() {
            ended = true;
        }

        @Override
        public synchronized boolean closed() {
            return closed || ended;
        }

        @Override
        public synchronized boolean hasRoom() {
            return !closed && !ended && ThreadLocalRandom.current().nextInt(10) > 0;
        }

        @Override
        public boolean stalled() {
            return false;
        }

        @Override
        public synchronized void close() {
            closed = true;
        }

        /** Opened without an id, or with one the run never had: it starts with the run's state. */
        boolean fresh() {
            return lastId == null || lastId > openedAt;
        }

        synchronized boolean done() {
            return closed || ended;
        }

        synchronized List<Long> ids() {
            return frames.stream().map(f -> Long.parseLong(f.substring(4, f.indexOf('\n')))).toList();
        }
    }
}
