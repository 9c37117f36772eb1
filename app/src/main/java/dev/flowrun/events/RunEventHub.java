package dev.flowrun.events;

import dev.flowrun.error.NotFound;
import dev.flowrun.work.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
    private static final Logger LOG = LoggerFactory.getLogger(RunEventHub.class);
    private final EventReads reads;
    private final Clock clock;
    private final Map<Long, Set<Stream>> streams = new ConcurrentHashMap<>();
    private ScheduledExecutorService thread;
    private volatile boolean failing;

    public RunEventHub(Jdbi jdbi, Clock clock) {
        this.reads = new EventReads(jdbi);
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
        streams.computeIfAbsent(runId, id -> ConcurrentHashMap.newKeySet()).add(new Stream(sink, cursor));
        if (resumable && cursor < now.id() && thread != null) {
            thread.execute(this::poll);
        }
    }

    /** Streams open on this instance (for tests and the logs). */
    public int openStreams() {
        return streams.values().stream().mapToInt(Set::size).sum();
    }

    private void poll() {
        streams.values().forEach(set -> set.removeIf(stream -> stream.sink.closed()));
        streams.values().removeIf(Set::isEmpty);
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

    private void deliver(EventReads.RunMark mark, Set<Stream> following) {
        long from = following.stream().filter(s -> s.sink.hasRoom()).mapToLong(s -> s.cursor).min()
                .orElse(mark.lastEvent());
        if (from < mark.lastEvent()) {
            List<RunEvent> events = reads.after(mark.runId(), from, BATCH);
            for (Stream stream : following) {
                for (RunEvent event : events) {
                    if (event.id() > stream.cursor && stream.sink.hasRoom()) {
                        stream.send(event);
                    }
                }
            }
        }
        boolean terminal = RunEvent.isTerminal(mark.status());
        for (Stream stream : following) {
            if (terminal && stream.cursor >= mark.lastEvent() && !stream.sink.closed()) {
                stream.sink.end();
            }
        }
        following.removeIf(stream -> stream.sink.closed());
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

    /** One client's stream and the id of the last event it was sent. */
    private static final class Stream {
        final EventSink sink;
        volatile long cursor;

        Stream(EventSink sink, long cursor) {
            this.sink = sink;
            this.cursor = cursor;
        }

        void send(RunEvent event) {
            if (sink.send(event.frame())) {
                cursor = event.id();
                if (event.ends()) {
                    sink.end();
                }
            }
        }
    }
}
