package dev.flowrun.webhook;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.lifecycle.Attempt;
import dev.flowrun.lifecycle.Delivery;
import dev.flowrun.lifecycle.DeliveryStatus;
import dev.flowrun.lifecycle.DeliveryTransitions;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.net.LazyClient;
import dev.flowrun.work.LogContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers owed {@code run.finished} events: a {@link DelayQueue} of due attempts, drained by one dispatcher
 * onto a bounded set of sender threads, so a slow receiver holds up only its own delivery. Every outcome is
 * recorded before the next attempt is scheduled. Each owed delivery is this instance's to send while it is marked
 * with its id; deliveries owed by an instance that is gone (by the last process, on H2) are taken over
 * ({@link WebhookTakeover}).
 */
public final class WebhookSender {
    private static final Logger LOG = LoggerFactory.getLogger(WebhookSender.class);
    private static final MediaType JSON = MediaType.get("application/json");
    /** Deliveries in flight at once: enough for slow receivers not to hold up others, bounded all the same. */
    private static final int IN_FLIGHT = 16;
    private final Jdbi jdbi;
    private final LazyClient client;
    private final RetrySchedule schedule;
    private final Duration timeout;
    private final Clock clock;
    private final Metrics metrics;
    private final Supplier<String> instance;
    private final DelayQueue<DueDelivery> queue = new DelayQueue<>();
    private final Set<Long> queuedOrInFlight = ConcurrentHashMap.newKeySet();
    /** Deliveries whose attempt could not read or record its delivery: sent once the database answers again. */
    private final Set<Long> waitingForDatabase = ConcurrentHashMap.newKeySet();
    private final DatabaseAvailability database;
    private final Semaphore inFlight;
    private final ExecutorService senders;
    private Thread dispatcher;
    private volatile boolean stopping;

    /** {@code client}: the app's outbound client, from which the sender derives its own with the webhook timeout. */
    public WebhookSender(Jdbi jdbi, DatabaseAvailability database, LazyClient client, WebhookSettings settings,
                         Clock clock, Metrics metrics, Supplier<String> instance) {
        this.database = database;
        this.jdbi = jdbi;
        this.client = client.derived(built -> WebhookClient.from(built, settings.timeout()));
        this.schedule = new RetrySchedule(settings.retryDelays());
        this.timeout = settings.timeout();
        this.clock = clock;
        this.metrics = metrics;
        this.instance = instance;
        this.inFlight = new Semaphore(IN_FLIGHT);
        var counter = new AtomicInteger();
        this.senders = Executors.newFixedThreadPool(IN_FLIGHT,
                r -> new Thread(r, "flowrun-webhook-" + counter.incrementAndGet()));
    }

    /** Schedules an owed delivery ({@code due} null: now); a run already waiting or being sent is not scheduled twice. */
    public void schedule(long runId, Instant due) {
        if (!stopping && queuedOrInFlight.add(runId)) {
            queue.add(new DueDelivery(runId, due == null ? clock.instant() : due, clock));
        }
    }

    /** The database answers again: the deliveries that waited for it are attempted now. */
    public void resume() {
        for (Long runId : waitingForDatabase) {
            waitingForDatabase.remove(runId);
            schedule(runId, null);
        }
    }

    /**
     * Owes {@code url} the run's event: its delivery queued in {@code handle}'s transaction, marked with this
     * instance's id, and scheduled once that transaction has committed.
     */
    void owe(Handle handle, long runId, String url, String payload) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        handle.attach(DeliveryTransitions.class).queue(runId, url, payload, now, instance.get());
        handle.afterCommit(() -> schedule(runId, now));
    }

    public synchronized void start() {
        dispatcher = new Thread(this::dispatch, "flowrun-webhook-dispatcher");
        dispatcher.start();
    }

    /** Lets attempts in progress end for up to {@code grace}; what is still owed is sent after the next start. */
    public synchronized void stop(Duration grace) {
        stopping = true;
        if (dispatcher != null) {
            dispatcher.interrupt();
        }
        senders.shutdown();
        try {
            // A blocked socket read ignores interrupts: abort calls still running when the grace is over.
            if (!senders.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                client.ifBuilt(built -> built.dispatcher().cancelAll());
                senders.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void dispatch() {
        while (!stopping) {
            try {
                DueDelivery due = queue.take();
                inFlight.acquire();
                senders.execute(() -> {
                    try (var ids = LogContext.run(due.runId())) {
                        attempt(due.runId());
                    } catch (RuntimeException e) {
                        queuedOrInFlight.remove(due.runId());
                        if (database.report(e)) {
                            // Logged once as an outage; attempted again the moment it ends.
                            waitingForDatabase.add(due.runId());
                            if (database.up()) {
                                resume();
                            }
                        } else {
                            LOG.error("webhook for run {}: could not be processed", due.runId(), e);
                        }
                    } finally {
                        inFlight.release();
                    }
                });
            } catch (InterruptedException e) {
                return;
            } catch (java.util.concurrent.RejectedExecutionException e) {
                return;
            }
        }
    }

    private void attempt(long runId) {
        Optional<Delivery> found = jdbi.withExtension(DeliveryTransitions.class, deliveries -> deliveries.find(runId));
        // Not ours any more: this instance was thought gone and another took the delivery over.
        if (found.isEmpty() || found.get().status() != DeliveryStatus.PENDING
                || !instance.get().equals(found.get().claimedBy())) {
            queuedOrInFlight.remove(runId);
            return;
        }
        Delivery delivery = found.get();
        int number = delivery.attempts() + 1;
        Instant at = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        AttemptResult result = post(delivery);
        if (stopping && !result.acknowledged()) {
            // Cut short by the shutdown: not an attempt of the receiver's; it is sent again after the restart.
            return;
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Optional<Duration> wait = result.acknowledged() ? Optional.empty()
                : schedule.delayAfter(number, ThreadLocalRandom.current().nextDouble());
        DeliveryStatus status = result.acknowledged() ? DeliveryStatus.DELIVERED
                : wait.isPresent() ? DeliveryStatus.PENDING : DeliveryStatus.FAILED;
        Instant next = wait.map(now::plus).orElse(null);
        var attempt = new Attempt(runId, number, at, result.statusCode(), result.error(), result.latencyMs());
        boolean recorded = untilRecorded(() -> jdbi.inTransaction(handle ->
                handle.attach(DeliveryTransitions.class).record(attempt, status, next, now)));
        if (recorded) {
            metrics.webhookAttempt(switch (status) {
                case DELIVERED -> Metrics.WebhookResult.DELIVERED;
                case FAILED -> Metrics.WebhookResult.GIVEN_UP;
                case PENDING -> Metrics.WebhookResult.FAILED;
            });
        }
        LOG.info("webhook for run {}: attempt {} of {}: {} in {} ms{}", runId, number, RetrySchedule.MAX_ATTEMPTS,
                result.describe(), result.latencyMs(), switch (status) {
                    case DELIVERED -> ", delivered";
                    case FAILED -> ", giving up";
                    case PENDING -> ", next at " + next;
                });
        queuedOrInFlight.remove(runId);
        if (recorded && next != null) {
            schedule(runId, next);
        }
    }

    /**
     * An attempt made is recorded once the database answers, not made again because it could not be recorded (the
     * receiver would get the event twice); only a stop ends the waiting, and the attempt is then made again after it.
     */
    private boolean untilRecorded(Supplier<Boolean> record) {
        while (true) {
            try {
                return record.get();
            } catch (RuntimeException e) {
                if (stopping || !database.report(e)) {
                    throw e;
                }
            }
            try {
                database.awaitBack(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                throw new IllegalStateException("stopped before an attempt could be recorded", e);
            }
        }
    }

    private AttemptResult post(Delivery delivery) {
        Request request;
        try {
            request = new Request.Builder().url(delivery.url())
                    .header("X-Service-Event", RunFinishedEvent.NAME)
                    .header("X-Service-Run-Id", Long.toString(delivery.runId()))
                    // One request per connection (WebhookClient): the receiver need not keep it open for another.
                    .header("Connection", "close")
                    .post(RequestBody.create(delivery.payload().getBytes(StandardCharsets.UTF_8), JSON))
                    .build();
        } catch (IllegalArgumentException e) {
            return new AttemptResult(null, "not a valid URL", 0);
        }
        long start = System.nanoTime();
        Call call = client.get().newCall(request);
        StatusLine status = new StatusLine();
        call.addEventListener(status);
        // Only the status is read: closing the response without its body is the acknowledgement's end.
        try (Response response = call.execute()) {
            return new AttemptResult(response.code(), null, elapsed(start));
        } catch (IOException e) {
            return status.code() != null ? new AttemptResult(status.code(), null, elapsed(start))
                    : AttemptResult.of(e, elapsed(start), timeout);
        }
    }

    private static long elapsed(long start) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }
}
