package dev.flowrun.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.SseReader;
import dev.flowrun.support.SseReader.Event;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Clients of one run's {@code …/events} over real HTTP reconnect again and again at random ids while the run's items
 * end, many at a time: each stream gets exactly the events after its {@code Last-Event-ID}, one by one, as a full
 * replay from the start (the table) has them, and a stream read to its end ends with the run's last event.
 */
class RunEventReconnectStormTest {
    static final int CLIENTS = 12;
    static final int RECONNECTS_EACH = 25;
    @RegisterExtension
    final TestApp app = TestApp.forEachTest(Map.of("FLOWRUN_WORKERS", "2"));
    @AutoClose
    final FileServer files = new FileServer().serve("/disc.png", Images.pngDisc());

    @Test
    void reconnectsAtRandomIdsGetEveryEventAfterTheirIdOnceAndInOrder() throws Exception {
        long workflow = TestWorkflow.passThrough().create(app);
        long runId = Runs.create(app, workflow, IntStream.range(0, 30).mapToObj(i -> files.url("/disc.png")).toList());
        String url = app.baseUrl() + "/workflows/runs/" + runId + "/events";
        AtomicLong highest = new AtomicLong();
        List<Reconnect> reconnects = Collections.synchronizedList(new ArrayList<>());
        ExecutorService threads = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            clients.add(threads.submit(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < RECONNECTS_EACH; i++) {
                    long lastId = random.nextLong(highest.get() + 1);
                    boolean toTheEnd = random.nextInt(4) == 0;
                    int wanted = toTheEnd ? Integer.MAX_VALUE : random.nextInt(1, 15);
                    List<Event> got = new ArrayList<>();
                    try (SseReader reader = SseReader.open(url, TestApp.API_KEY, Long.toString(lastId))) {
                        while (got.size() < wanted) {
                            Event event = reader.next();
                            if (event == null) {
                                break;
                            }
                            got.add(event);
                            highest.accumulateAndGet(event.idNumber(), Math::max);
                        }
                        reconnects.add(new Reconnect(lastId, got, reader.ended()));
                    }
                }
                return null;
            }));
        }
        for (Future<?> client : clients) {
            client.get(120, TimeUnit.SECONDS);
        }
        threads.shutdown();
        Runs.awaitEnd(app, runId, Duration.ofSeconds(60));

        List<Event> table;
        try (SseReader reader = SseReader.open(url, TestApp.API_KEY, "0")) {
            table = reader.rest();
        }
        long last = table.get(table.size() - 1).idNumber();
        assertThat(table).extracting(Event::idNumber)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, (int) last).mapToObj(i -> (long) i).toList());
        List<String> wrong = new ArrayList<>();
        for (Reconnect reconnect : reconnects) {
            for (int i = 0; i < reconnect.got.size(); i++) {
                Event event = reconnect.got.get(i);
                Event kept = table.get((int) reconnect.lastId + i);
                if (event.idNumber() != reconnect.lastId + 1 + i || !event.toString().equals(kept.toString())) {
                    wrong.add(reconnect.toString());
                    break;
                }
            }
            if (reconnect.ended && !reconnect.got.isEmpty()
                    && reconnect.got.get(reconnect.got.size() - 1).idNumber() != last) {
                wrong.add("ended early: " + reconnect);
            }
        }
        assertThat(reconnects).hasSize(CLIENTS * RECONNECTS_EACH);
        assertThat(wrong).as("%d of %d reconnects", wrong.size(), reconnects.size()).isEmpty();
    }

    record Reconnect(long lastId, List<Event> got, boolean ended) {
    }
}
