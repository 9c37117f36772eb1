package dev.flowrun.metrics;


import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Histogram;
import java.time.Duration;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * The service's own meters (README, Operating it), every one created here at start: the item path only looks a meter up in a
 * small map and records into it, building no tags and no names.
 */
public final class Metrics {
    /** Item and node times: from a resize of a thumbnail (ms) to a model on a large photo (seconds). */
    private static final Duration[] WORK_BUCKETS = durations(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
            30, 60, 120);
    private final MeterRegistry registry;
    private final Counter runsCreated;
    private final Map<String, Counter> runsFinished = new HashMap<>();
    private final Map<String, Counter> itemsFinished = new HashMap<>();
    private final Timer itemSeconds;
    private final Map<String, Timer> nodeSeconds = new HashMap<>();
    private final Map<WebhookResult, Counter> webhookAttempts = new EnumMap<>(WebhookResult.class);
    private final Map<String, DistributionDataPoint> cutoutConfidence = new HashMap<>();

    /** A status of a run or an item as the meters know it; the meters count those that are terminal. */
    public interface Status {
        String json();

        boolean terminal();
    }

    /** What became of one webhook attempt. */
    public enum WebhookResult {
        DELIVERED, FAILED, GIVEN_UP;

        String label() {
            return name().toLowerCase();
        }
    }

    public Metrics(PrometheusMeterRegistry registry, Collection<String> nodeTypes, List<? extends Status> runStatuses,
                   List<? extends Status> itemStatuses) {
        this.registry = registry;
        // Exposed as flowrun_runs_created_total by /metrics (see HttpMetrics: the client library drops "_created").
        this.runsCreated = Counter.builder("flowrun.runs.created").description("Runs created").register(registry);
        for (Status status : runStatuses) {
            if (status.terminal()) {
                runsFinished.put(status.json(), Counter.builder("flowrun.runs.finished").tag("status", status.json())
                        .description("Runs that reached a terminal status, by that status").register(registry));
            }
        }
        for (Status status : itemStatuses) {
            if (status.terminal()) {
                itemsFinished.put(status.json(), Counter.builder("flowrun.items.finished").tag("status", status.json())
                        .description("Items that reached a terminal status, by that status").register(registry));
            }
        }
        this.itemSeconds = Timer.builder("flowrun.item").description("Time a worker spent on one item")
                .serviceLevelObjectives(WORK_BUCKETS).register(registry);
        for (String type : nodeTypes) {
            nodeSeconds.put(type, Timer.builder("flowrun.node").tag("type", type)
                    .description("Time one node took on one item, by node type")
                    .serviceLevelObjectives(WORK_BUCKETS).register(registry));
        }
        // The Prometheus client's own histogram: Micrometer's buckets count whole numbers only, so every confidence
        // would land in the bucket of 1. Tenths show where FLOWRUN_REVIEW_BELOW falls among the cut-outs. No exemplars:
        // they need a tracer library this service does not carry.
        Histogram confidence = Histogram.builder().name("flowrun_cutout_confidence")
                .help("Confidence of each cut-out (0 to 1), by the method that ran").labelNames("method")
                .classicOnly().classicUpperBounds(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0).withoutExemplars()
                .register(registry.getPrometheusRegistry());
        for (String method : new String[] {"model", "classic"}) {
            cutoutConfidence.put(method, confidence.labelValues(method));
        }
        for (WebhookResult result : WebhookResult.values()) {
            webhookAttempts.put(result, Counter.builder("flowrun.webhook.attempts").tag("result", result.label())
                    .description("Webhook delivery attempts: delivered, failed (another follows) or given up (the last)")
                    .register(registry));
        }
    }

    public MeterRegistry registry() {
        return registry;
    }

    /**
     * {@code flowrun_queue_items}: items a worker may start, on any instance; {@code flowrun_held_items}: queued items
     * of paused runs, apart, since they wait for a resume rather than a worker. Both read at each scrape.
     */
    public void queueSize(IntSupplier waiting, IntSupplier held) {
        Gauge.builder("flowrun.queue.items", waiting, IntSupplier::getAsInt)
                .description("Items waiting for a worker (not those of paused runs)").strongReference(true)
                .register(registry);
        Gauge.builder("flowrun.held.items", held, IntSupplier::getAsInt)
                .description("Queued items of paused runs, waiting for a resume").strongReference(true)
                .register(registry);
    }

    public void runCreated() {
        runsCreated.increment();
    }

    public void runFinished(Status status) {
        Counter counter = runsFinished.get(status.json());
        if (counter != null) {
            counter.increment();
        }
    }

    /** An item a worker ran, with the time it took. */
    public void itemFinished(Status status, long nanos) {
        // Timed first: a scrape that sees the item counted also sees its time.
        itemSeconds.record(nanos, TimeUnit.NANOSECONDS);
        itemsFinished.get(status.json()).increment();
    }

    /** Items that ended without a worker (queued when their run was cancelled). */
    public void itemsEnded(Status status, int count) {
        if (count > 0) {
            itemsFinished.get(status.json()).increment(count);
        }
    }

    public void node(String type, long nanos) {
        Timer timer = nodeSeconds.get(type);
        if (timer != null) {
            timer.record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /** One cut-out's confidence, by its method ({@code model} or {@code classic}). */
    public void cutoutConfidence(String method, double confidence) {
        DistributionDataPoint point = cutoutConfidence.get(method);
        if (point != null) {
            point.observe(confidence);
        }
    }

    public void webhookAttempt(WebhookResult result) {
        webhookAttempts.get(result).increment();
    }

    private static Duration[] durations(double... seconds) {
        Duration[] result = new Duration[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            result[i] = Duration.ofNanos((long) (seconds[i] * 1e9));
        }
        return result;
    }
}
