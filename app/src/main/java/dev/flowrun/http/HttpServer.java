package dev.flowrun.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.auth.AuthService;
import dev.flowrun.error.InsufficientStorage;
import dev.flowrun.error.StartupFailure;
import dev.flowrun.events.RunEventHub;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.imaging.Thumbnails;
import dev.flowrun.health.Readiness;
import dev.flowrun.retention.DeletedFiles;
import dev.flowrun.archive.RunArchives;
import dev.flowrun.run.Runs;
import dev.flowrun.upload.Uploads;
import dev.flowrun.webhook.WebhookStatusService;
import dev.flowrun.workflow.Workflows;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.json.JavalinJackson;
import io.javalin.util.JavalinBindException;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.BindException;
import java.time.Duration;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The HTTP side: routes, authentication, and error mapping, on Javalin. */
public final class HttpServer {
    /** Long enough for any start-up step after the bind; a request is never held longer than this. */
    private static final long READY_WAIT_SECONDS = 60;
    /** How long a file URL waits for the store before answering 503: within 5 s with the answer's own time. */
    private static final Duration STORE_WAIT = Duration.ofSeconds(4);
    /** The requests that store new files: uploads, run creates (multipart ones hold files) and retries. */
    private static final String[] FILE_WRITES = {"/uploads", "/workflows/{id}/runs", "/workflows/runs/{runId}/retry"};
    /** Every route of the API proper: each reads the database (the caller's key first). */
    private static final String[] DATABASE_ROUTES = {"/workflows*", "/uploads", "/admin/*"};
    private final Javalin javalin;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final Timeouts timeouts;

    public HttpServer(Services services, ObjectMapper mapper, Timeouts timeouts) {
        this.timeouts = timeouts;
        var workflows = services.workflows();
        var runs = services.runs();
        var files = services.files();
        var operations = services.operations();
        var readiness = operations.readiness();
        var workflowRoutes = new WorkflowRoutes(workflows.service(), workflows.requests(), mapper);
        var runRoutes = new RunRoutes(runs.service(), runs.creates(), runs.retries(), services.uploads(),
                services.webhookStatus(), mapper);
        var credentials = new Credentials(services.auth(), new CredentialLimit(System::nanoTime));
        var uploadRoutes = new UploadRoutes(services.uploads(), credentials);
        var adminRoutes = new AdminRoutes(services.auth(), credentials, operations.adminToken(), mapper);
        var fileRoutes = new FileRoutes(files.store(), files.signer(), files.archives(), files.deleted(),
                files.thumbnails(), new SlowReaders(timeouts.downloadStall()), new StoreDeadline(STORE_WAIT));
        var dashboardRoutes = new DashboardRoutes(operations.publicUrl());
        var httpMetrics = new HttpMetrics(operations.metrics());
        var docsRoutes = new DocsRoutes();
        var eventRoutes = new EventRoutes(services.events());
        var serviceRoutes = new ServiceRoutes(operations.serviceInfo(), credentials);
        this.javalin = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = Requests.MAX_BODY;
            config.jsonMapper(new JavalinJackson(mapper, false));
            config.jetty.modifyServer(server -> {
                server.setErrorHandler(new JsonErrorHandler());
                // Javalin puts its servlet handler inside: bodies are gathered before a thread handles them.
                server.setHandler(new BodyArrival());
            });
            ErrorMapping.install(config.routes, readiness.database(), readiness.disk());
            // The port is bound before the first start makes its key (see App), so a request that comes in
            // between waits for that rather than meeting a workspace not made yet.
            config.routes.before(ctx -> ready.await(READY_WAIT_SECONDS, TimeUnit.SECONDS));
            config.requestLogger.http(httpMetrics::record);
            // During an outage already noticed, the API answers 503 at once rather than after the pool's timeout.
            for (String api : DATABASE_ROUTES) {
                config.routes.beforeMatched(api, ctx -> {
                    if (!readiness.database().up()) {
                        throw new DatabaseAway();
                    }
                });
            }
            credentials.requireKey(config.routes, "/workflows*");
            // New files while the data directory is full would fail half-way (or fail their items later): refused
            // whole instead, before a byte is read.
            for (String writesFiles : FILE_WRITES) {
                config.routes.beforeMatched(writesFiles, ctx -> {
                    if (readiness.disk().full()) {
                        throw new InsufficientStorage();
                    }
                });
            }
            config.routes.get("/health", ctx -> health(ctx, readiness));
            httpMetrics.register(config.routes);
            docsRoutes.register(config.routes);
            fileRoutes.register(config.routes);
            runRoutes.register(config.routes);
            eventRoutes.register(config.routes);
            uploadRoutes.register(config.routes);
            serviceRoutes.register(config.routes);
            workflowRoutes.register(config.routes);
            adminRoutes.register(config.routes);
            dashboardRoutes.register(config.routes);
        });
    }

    /**
     * Binds {@code host}:{@code port} and starts serving, but holds every request until {@link #open}; answers the
     * port bound (the configured one, or a free one for 0).
     */
    public int start(String host, int port) {
        try {
            javalin.start(host, port);
            // Before the first request gets through (open): connections take it from their connector.
            for (Connector connector : javalin.jettyServer().server().getConnectors()) {
                if (connector instanceof AbstractConnector c) {
                    c.setIdleTimeout(timeouts.idle().toMillis());
                }
            }
        } catch (RuntimeException e) {
            javalin.stop();
            throw bindFailure(port, e);
        }
        return javalin.port();
    }

    /** 200 when ready; else 503 with the reason, which a load balancer's check or an operator reads. */
    private static void health(Context ctx, Readiness readiness) {
        readiness.problem().ifPresentOrElse(reason -> {
            ctx.header("Retry-After", Integer.toString(ErrorMapping.RETRY_AFTER_SECONDS));
            ctx.status(503).json(Map.of("status", "unavailable", "reason", reason));
        }, () -> ctx.json(Map.of("status", "ok")));
    }

    /** Lets requests through: the service is ready. */
    public void open() {
        ready.countDown();
    }

    public void stop() {
        ready.countDown();
        javalin.stop();
    }

    private static StartupFailure bindFailure(int port, RuntimeException failure) {
        for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof JavalinBindException || cause instanceof BindException) {
                String reason = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
                if (reason.contains("in use")) {
                    return new StartupFailure("cannot listen on port " + port + ": it is in use by another process;"
                            + " stop that process or set FLOWRUN_PORT to a free port (0 picks one)", failure);
                }
            }
        }
        return new StartupFailure("cannot listen on port " + port + ": " + StartupFailure.rootMessage(failure), failure);
    }

    /**
     * How long a connection may make no progress ({@code FLOWRUN_HTTP_IDLE_TIMEOUT}), and how long a file download may
     * (SlowReaders).
     */
    public record Timeouts(Duration idle, Duration downloadStall) {
    }

    /** What the routes call into, feature by feature; built by the composition root. */
    public record Services(AuthService auth, Workflows workflows, Runs runs, Uploads uploads, RunEventHub events,
                           WebhookStatusService webhookStatus, Files files, Operations operations) {
    }

    /** The files the API serves: the store, its signed URLs, runs' archives, thumbnails, and what retention deleted. */
    public record Files(FileStore store, UrlSigner signer, RunArchives archives, Thumbnails thumbnails,
                        DeletedFiles deleted) {
    }

    /**
     * What operators and clients read about the service (metrics, version and model, readiness), the admin token
     * ({@code FLOWRUN_ADMIN_TOKEN}) and the public URL the dashboard is served under.
     */
    public record Operations(PrometheusMeterRegistry metrics, ServiceInfo serviceInfo, Readiness readiness,
                             String adminToken, String publicUrl) {
    }
}
