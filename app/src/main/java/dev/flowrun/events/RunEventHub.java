package dev.flowrun.events;

import dev.flowrun.error.NotFound;
import dev.flowrun.work.DaemonThreads;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows runs for their streams. One thread for every stream of this instance: every {@link #POLL_MS} ms it asks
 * the database for the last event id of each run followed (one query, whatever the number of streams) and reads the
 * new events of the runs that moved, once per run, for all of that run's streams. Events made on any instance are
 * rows of the same table, so they reach a stream here within a poll. A stream is sent events only while its sink has
 * room; the rest wait in the table, so a slow client costs a bounded buffer and a fast one catches up.
 */
public final class RunEventHub {
    static final long POLL_MS = 250;
    /** Comment lines at least this often keep proxies and clients from taking a quiet stream for a dead one. */
    static final Duration HEARTBEAT = Duration.ofSeconds(10);
    /** Events are kept this long for clients that reconnect (at least ten minutes are promised). */
    static final Duration KEPT = Duration.ofHours(1);
    private static final int BATCH = 500;
    /** Reads per run and poll at most, so that one run far behind cannot hold up the others' streams. */
    private static final int ROUNDS = 8;
    private static final Logger LOG = LoggerFactory.getLogger(RunEventHub.class);
    private final EventReads reads;
    private final Clock clock;
    private final Map<Long, Set<Stream>> streams = new ConcurrentHashMap<>();
    private volatile ScheduledExecutorService thread;
    private final AtomicBoolean catchUpDue = new AtomicBoolean();
    private volatile boolean failing;

    public RunEventHub(Jdbi jdbi, Clock clock, ObjectMapper mapper) {
        this.reads = new EventReads(jdbi, mapper);
        this.clock = clock;
    }

    public synchronized void start() {
        thread = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("flowrun-events"));
        thread.scheduleWithFixedDelay(this::poll, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
        thread.scheduleWithFixedDelay(this::heartbeat, HEARTBEAT.toMillis(), HEARTBEAT.toMillis(),
                TimeUnit.MILLISECONDS);
        thread.scheduleWithFixedDelay(this::prune, 1, 5, TimeUnit.MINUTES);
    }

    /** Ends every stream (clients reconnect, to another instance if there is one) and the thread. */
    public synchronized void stop() {
        if (thread != null) {
            thread.shutdownNow();
        }
        streams.values().forEach(set -> set.forEach(stream -> stream.sink.close()));
        streams.clear();
    }

    /** The run's state now, as the {@code run} event a stream starts with; {@link NotFound} for another's run. */
    public RunEvent current(long workspaceId, long runId) {
        return reads.current(workspaceId, runId).orElseThrow(() -> new NotFound("run " + runId + " not found"));
    }

    /**
     * Starts a stream of the run {@code now} was read of ({@link #current}). Without {@code lastEventId} (or with one
     * whose events are no longer kept) it starts with that state; with one, it goes on after it. A run that is
     * terminal and has nothing more to tell ends the stream at once.
     */
    public void open(RunEvent now, Long lastEventId, EventSink sink) {
        long runId = now.runId();
        boolean resumable = lastEventId != null && lastEventId <= now.id()
                && reads.keptSince(runId, lastEventId, now.id());
        long cursor = resumable ? lastEventId : now.id();
        if (!resumable) {
            sink.send(now.frame());
        }
        if (now.ends() && cursor >= now.id()) {
            sink.end();
            return;
        }
        Stream stream = new Stream(sink, cursor);
        // Added under the map's lock for the run, so the poll's dropping of an empty set cannot lose it.
        streams.compute(runId, (id, set) -> {
            Set<Stream> following = set != null ? set : ConcurrentHashMap.newKeySet();
            following.add(stream);
            return following;
        });
        if (resumable && cursor < now.id()) {
            catchUpSoon();
        }
    }

    /** Streams open on this instance (for tests and the logs). */
    public int openStreams() {
        return streams.values().stream().mapToInt(Set::size).sum();
    }

    private void catchUpSoon() {
        ScheduledExecutorService running = thread;
        if (running != null && !catchUpDue.getAndSet(true)) {
            try {
                running.execute(() -> {
                    catchUpDue.set(false);
                    poll();
                });
            } catch (RejectedExecutionException stopping) {
                catchUpDue.set(false);
            }
        }
    }

    private void poll() {
        for (Long runId : streams.keySet()) {
            streams.computeIfPresent(runId, (id, set) -> {
                set.removeIf(stream -> stream.sink.closed());
                return set.isEmpty() ? null : set;
            });
        }
        if (streams.isEmpty()) {
            return;
        }
        try {
            for (EventReads.RunMark mark : reads.marks(streams.keySet())) {
                Set<Stream> following = streams.get(mark.runId());
                if (following != null) {
                    deliver(mark, following);
                }
            }
            if (failing) {
                failing = false;
                LOG.info("reading run events works again");
            }
        } catch (RuntimeException e) {
            if (!failing) {
                failing = true;
                LOG.warn("reading run events failed ({}); streams wait and are retried", e.toString());
            }
        }
    }

    /**
     * Sends each stream of the run what follows its own position. Streams join, go and gain room while this runs, so
     * nothing is assumed of the set: each read starts at the lowest position of the streams taken for it, and a stream
     * takes from it only the events that follow its position one by one ({@link Stream#take}); whoever joined since is
     * served by the next round or the next poll. A stream's position moves only with what it was sent.
     */
    private void deliver(EventReads.RunMark mark, Set<Stream> following) {
        for (int round = 0; round < ROUNDS; round++) {
            List<Stream> due = following.stream()
                    .filter(s -> s.cursor < mark.lastEvent() && s.sink.hasRoom()).toList();
            if (due.isEmpty()) {
                break;
            }
            long from = due.stream().mapToLong(s -> s.cursor).min().getAsLong();
            List<RunEvent> events = reads.after(mark.runId(), from, BATCH);
            boolean moved = false;
            for (Stream stream : due) {
                moved |= stream.take(events);
            }
            if (!moved) {
                break;
            }
        }
        if (RunEvent.isTerminal(mark.status())) {
            for (Stream stream : following) {
                if (stream.cursor >= mark.lastEvent() && !stream.sink.closed()) {
                    stream.sink.end();
                }
            }
        }
    }

    private void heartbeat() {
        for (Set<Stream> set : streams.values()) {
            for (Stream stream : set) {
                if (stream.sink.stalled()) {
                    stream.sink.close();
                } else {
                    stream.sink.send(": keep-alive\n\n");
                }
            }
        }
    }

    private void prune() {
        try {
            reads.prune(clock.instant().minus(KEPT));
        } catch (RuntimeException e) {
            LOG.warn("pruning old run events failed: {}", e.toString());
        }
    }

    /** One client's stream and the id of the last event it was sent (only the hub's thread moves it). */
    private static final class Stream {
        final EventSink sink;
        volatile long cursor;

        Stream(EventSink sink, long cursor) {
            this.sink = sink;
            this.cursor = cursor;
        }

        /**
         * Sends the events of {@code events} (a run's, in id order) that follow this stream's position without a gap,
         * while the sink has room; true when it sent any. A gap right after the position means the next event is no
         * longer kept (pruned): the stream is let go, and its client resumes with the last id it got and starts
         * afresh, as a resume from that far back does, rather than miss events silently.
         */
        boolean take(List<RunEvent> events) {
            boolean sent = false;
            for (int i = firstAfter(events, cursor); i < events.size(); i++) {
                RunEvent event = events.get(i);
                if (event.id() != cursor + 1) {
                    sink.close();
                    return sent;
                }
                if (!sink.hasRoom() || !sink.send(event.frame())) {
                    return sent;
                }
                cursor = event.id();
                sent = true;
                if (event.ends()) {
                    sink.end();
                    return true;
                }
            }
            return sent;
        }

        /** The index of the first event after {@code id} (the list is in id order): a thousand streams, one list. */
        private static int firstAfter(List<RunEvent> events, long id) {
            int low = 0;
            int high = events.size();
            while (low < high) {
                int middle = (low + high) >>> 1;
                if (events.get(middle).id() <= id) {
                    low = middle + 1;
                } else {
                    high = middle;
                }
            }
            return low;
        }
    }
}
