package dev.flowrun.http;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code GET /metrics} (README, Operating it), and the time of every request by method, route and status. The route is the
 * template ({@code /workflows/runs/{runId}}), never the path, so ids do not make a series each; paths that match no
 * route share {@code unmatched}.
 */
final class HttpMetrics {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final String UNMATCHED = "unmatched";
    /**
     * Prometheus' Java client reserves the suffix {@code _created} (OpenMetrics' created timestamps) and strips it, so
     * Micrometer's {@code flowrun.runs.created} comes out as {@code flowrun_runs_total}; README (Operating it) names the family
     * {@code flowrun_runs_created_total}, which the text format allows. Renamed on the way out, name lines included.
     */
    private static final Pattern RUNS_CREATED = Pattern.compile("(?m)^(# (?:HELP|TYPE) )?flowrun_runs_total(?=[ {])");
    private static final Duration[] BUCKETS = {Duration.ofMillis(5), Duration.ofMillis(25), Duration.ofMillis(100),
        Duration.ofMillis(250), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(10)};
    private final PrometheusMeterRegistry registry;
    /** Timers by status code, per route: a request looks its timer up without building a tag or a name. */
    private final Map<Endpoint, Timer[]> byRoute = new ConcurrentHashMap<>();
    private final Map<String, Timer[]> unmatchedByMethod = new ConcurrentHashMap<>();

    HttpMetrics(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    void register(RoutesConfig routes) {
        routes.get("/metrics", ctx -> ctx.contentType(CONTENT_TYPE)
                .result(RUNS_CREATED.matcher(registry.scrape()).replaceAll("$1flowrun_runs_created_total")));
    }

    /** Called by Javalin once a request has been answered. */
    void record(Context ctx, float millis) {
        Endpoint endpoint = ctx.endpoints().matchedHttpEndpoint();
        String method = ctx.method().name();
        Timer[] timers = endpoint != null ? byRoute.computeIfAbsent(endpoint, e -> new Timer[600])
                : unmatchedByMethod.computeIfAbsent(method, m -> new Timer[600]);
        int status = ctx.statusCode();
        int slot = status >= 100 && status < 600 ? status : 0;
        Timer timer = timers[slot];
        if (timer == null) {
            // Two threads may both get here: registering the same meter twice answers the same timer.
            timer = Timer.builder("http.server.requests")
                    .tag("method", method)
                    .tag("route", endpoint != null ? endpoint.path : UNMATCHED)
                    .tag("status", Integer.toString(status))
                    .description("HTTP requests by method, route template and status")
                    .serviceLevelObjectives(BUCKETS)
                    .register(registry);
            timers[slot] = timer;
        }
        timer.record((long) (millis * 1_000_000L), TimeUnit.NANOSECONDS);
    }
}
