package dev.flowrun;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.auth.AuthService;
import dev.flowrun.cluster.Heartbeat;
import dev.flowrun.cluster.Instance;
import dev.flowrun.cluster.Notifications;
import dev.flowrun.cluster.Takeover;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.ModelThreads;
import dev.flowrun.cutout.model.SegmentationModel;
import dev.flowrun.db.Database;
import dev.flowrun.db.Settings;
import dev.flowrun.engine.Engine;
import dev.flowrun.events.RunEventHub;
import dev.flowrun.events.RunEvents;
import dev.flowrun.files.DirectoryStore;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.files.s3.ObjectStores;
import dev.flowrun.health.Readiness;
import dev.flowrun.http.HttpServer;
import dev.flowrun.http.ServiceInfo;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Thumbnailer;
import dev.flowrun.imaging.Thumbnails;
import dev.flowrun.input.DownloadClient;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.input.zip.ZipDownloader;
import dev.flowrun.input.zip.ZipLimits;
import dev.flowrun.input.zip.ZipScanner;
import dev.flowrun.metrics.JvmMeters;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.net.OutboundGuard;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.retention.DeletedFiles;
import dev.flowrun.retention.RetentionSweeper;
import dev.flowrun.run.ArchiveTakeover;
import dev.flowrun.run.IdempotentCreate;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.run.RunArchives;
import dev.flowrun.run.RunFinishedListener;
import dev.flowrun.run.RunLog;
import dev.flowrun.run.RunRetries;
import dev.flowrun.run.RunService;
import dev.flowrun.lifecycle.RunStatus;
import dev.flowrun.run.RunViews;
import dev.flowrun.upload.UploadLimits;
import dev.flowrun.upload.Uploads;
import dev.flowrun.webhook.RetrySchedule;
import dev.flowrun.webhook.WebhookClient;
import dev.flowrun.webhook.WebhookOutbox;
import dev.flowrun.webhook.WebhookSender;
import dev.flowrun.webhook.WebhookStatusService;
import dev.flowrun.webhook.WebhookTakeover;
import dev.flowrun.work.PixelMemory;
import dev.flowrun.workflow.GraphParser;
import dev.flowrun.workflow.Templates;
import dev.flowrun.workflow.WorkflowRequests;
import dev.flowrun.workflow.WorkflowService;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The composition root: wires and starts database → workers → HTTP, and stops them in reverse. */
public final class App {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);
    private final Database database;
    private final Storage storage;
    /** Deliveries in flight at once: enough for slow receivers not to hold up others, bounded all the same. */
    private static final int WEBHOOKS_IN_FLIGHT = 16;
    private final Engine engine;
    private final WebhookSender webhooks;
    private final RunArchives archives;
    private final HttpServer http;
    private final RunEventHub events;
    private final Services services;
    private final OkHttpClient client;
    private final JvmMeters jvmMeters;
    private final String host;
    private final int port;
    private final String publicUrl;
    private final AuthService auth;
    private Optional<String> firstKey = Optional.empty();
    /** The segmentation model this app loaded, closed when it stops; null without one. */
    private SegmentationModel model;

    private final RetentionSweeper sweeper;
    private final Instance instance;
    private final Heartbeat heartbeat;
    /** Null on H2: only PostgreSQL instances tell each other about queued items and cancels. */
    private final Notifications notifications;
    private final boolean exclusive;

    private App(Config config, NodeCatalogue catalogue, Clock clock) {
        ObjectMapper mapper = Json.mapper();
        this.port = config.port() != 0 ? config.port() : freePort();
        this.host = config.host();
        this.publicUrl = config.effectivePublicUrl(port);
        logStart(config, host, port);
        Path files = DataDirectory.prepare(config.dataDir());
        this.storage = openStorage(config, files);
        try {
            this.database = Database.open(config.effectiveDbUrl(), config.workers() + 10);
        } catch (RuntimeException e) {
            storage.close();
            throw e;
        }
        try {
            var jdbi = database.jdbi();
            var availability = database.availability();
            var disk = new DiskSpace(config.dataDir(), DiskSpace.RESERVE_BYTES);
            this.exclusive = database.dialect().exclusive();
            this.instance = new Instance(jdbi, config.lease());
            var parser = new GraphParser(catalogue);
            var workflows = new WorkflowService(jdbi, mapper, parser, clock);
            this.auth = new AuthService(jdbi, new Templates(mapper), clock);
            FileStore store = storage.store();
            var signer = new UrlSigner(new Settings(jdbi).urlSigningSecret(), publicUrl, config.urlTtl(), clock);
            var views = new RunViews(signer, mapper);
            // The one client every outbound call derives from (newBuilder() shares its pools and any guard).
            this.client = OutboundGuard.baseClient(config.allowPrivateNetworks());
            OkHttpClient downloads = DownloadClient.from(client, Duration.ofSeconds(10), Duration.ofSeconds(30),
                    Duration.ofMinutes(5));
            this.archives = new RunArchives(jdbi, store, instance::id);
            // One registry for the whole app, passed to what records into it; /metrics reads it.
            var registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            var metrics = new Metrics(registry, catalogue.types(), List.of(RunStatus.values()),
                    List.of(ItemStatus.values()));
            var runLog = new RunLog(metrics);
            this.webhooks = new WebhookSender(jdbi, WebhookClient.from(client, config.webhookTimeout()),
                    new RetrySchedule(config.webhookRetryDelays()), config.webhookTimeout(), WEBHOOKS_IN_FLIGHT, clock,
                    metrics, instance::id, availability);
            var finished = RunFinishedListener.all(new WebhookOutbox(mapper, webhooks, clock), runLog,
                    RunEvents::runChanged);
            this.engine = new Engine(config.workers(), jdbi, mapper, workflows, views, new InputFetcher(downloads, store),
                    new ZipDownloader(downloads, store, ZipLimits.CONTRACT.maxArchiveBytes()),
                    new ZipScanner(ZipLimits.CONTRACT),
                    new ImageDecoder(config.maxPixels(), PixelMemory.forHeap(Runtime.getRuntime().maxMemory())),
                    store, clock, archives::buildLater, finished, config.itemTimeout(), metrics, instance::id,
                    database.dialect(), config.reviewBelow(), availability, disk);
            metrics.queueSize(engine::waitingItems);
            var runs = new RunService(jdbi, mapper, workflows, views, signer, store, engine.queue(), engine.zips(),
                    finished, clock, config.pageCacheMb(), config.outputRetention(), runLog);
            this.sweeper = new RetentionSweeper(jdbi, store, config.outputRetention(), clock);
            this.events = new RunEventHub(jdbi, clock);
            var uploads = new Uploads(jdbi, store, signer, mapper, UploadLimits.CONTRACT, clock);
            this.services = new Services(auth, workflows, runs, uploads, events, mapper);
            var thumbnails = new Thumbnails(store, new Thumbnailer(new ImageDecoder(config.maxPixels())));
            this.http = new HttpServer(new HttpServer.Services(auth, workflows, new WorkflowRequests(parser), runs, store,
                    signer, archives, thumbnails, new WebhookStatusService(jdbi), config.adminToken(), publicUrl,
                    registry,
                    new IdempotentCreate(jdbi, runs, views, clock),
                    new RunRetries(jdbi, mapper, views, store, engine.queue(), clock),
                    uploads, new DeletedFiles(jdbi),
                    events, ServiceInfo.of(Version.text(), catalogue.segmentationModel(), Config.MODEL_FETCH,
                            config.reviewBelow()),
                    new Readiness(availability, disk, store)),
                    mapper, new HttpServer.Timeouts(config.httpIdleTimeout(), config.downloadStallTimeout()));
            this.jvmMeters = new JvmMeters(registry);
            List<Takeover> takeovers = new ArrayList<>(engine.takeovers());
            takeovers.add(new WebhookTakeover(webhooks));
            takeovers.add(new ArchiveTakeover());
            this.heartbeat = new Heartbeat(jdbi, instance, takeovers, availability);
            var workers = engine.workers();
            // Work that waited for the database goes on the moment it answers, not at the next look.
            availability.whenBack(workers::wake);
            availability.whenBack(webhooks::resume);
            this.notifications = exclusive ? null : new Notifications(config.effectiveDbUrl(), Map.of(
                    Notifications.ITEMS_QUEUED, payload -> workers.wake(),
                    Notifications.RUN_CANCELLED, payload -> workers.cancelledElsewhere(Long.parseLong(payload))),
                    workers::wake, availability);
        } catch (RuntimeException e) {
            database.close();
            storage.close();
            throw e;
        }
    }

    /** The files' store and what it holds open (the object store's client), closed last. */
    private record Storage(FileStore store, AutoCloseable resources) {
        void close() {
            try {
                resources.close();
            } catch (Exception e) {
                LOG.warn("closing the file store: {}", e.toString());
            }
        }
    }

    private static Storage openStorage(Config config, Path files) {
        if (!config.storage().objectStore()) {
            return new Storage(new DirectoryStore(files), () -> { });
        }
        var opened = ObjectStores.open(config.storage(), DataDirectory.scratch(config.dataDir()));
        LOG.info("files are stored in {}", config.storage().shown());
        return new Storage(opened.store(), opened);
    }

    /** Starts everything; the returned app is serving once this returns. A new key is not shown. */
    public static App start(Config config) {
        return start(config, Clock.systemUTC(), key -> { });
    }

    /**
     * Starts with the standard nodes and the segmentation model the config names or {@code model fetch} stored, if
     * any. The model is loaded first: a file that cannot be used stops start-up with
     * {@link dev.flowrun.cutout.model.ModelUnavailable}.
     */
    public static App start(Config config, Clock clock, Consumer<String> showNewKey) {
        Path file = config.effectiveBgModel();
        if (file == null) {
            return start(config, NodeCatalogue.standard(null), clock, showNewKey);
        }
        SegmentationModel model = SegmentationModel.load(file, config.bgModelFamily(),
                ModelThreads.of(config.workers(), Runtime.getRuntime().availableProcessors()));
        LOG.info("segmentation model: {}", model);
        try {
            App app = start(config, NodeCatalogue.standard(new ModelBackgroundRemover(model)), clock, showNewKey);
            app.model = model;
            return app;
        } catch (RuntimeException e) {
            model.close();
            throw e;
        }
    }

    /** The same with another set of node types: tests add nodes that misbehave on purpose. */
    public static App start(Config config, NodeCatalogue catalogue) {
        return start(config, catalogue, Clock.systemUTC());
    }

    /** The same on another clock: tests move it on to see what happens a month later (retention). */
    public static App start(Config config, NodeCatalogue catalogue, Clock clock) {
        return start(config, catalogue, clock, key -> { });
    }

    /**
     * Starts everything on {@code clock} (tests move it on to see retention); {@code showNewKey} gets the key made on
     * the first start of an empty database, before it is stored. Whatever fails stops what had started and throws;
     * the workspace and key are made last, once the port is bound, so a start that fails has made neither and the
     * next start shows the key.
     */
    public static App start(Config config, NodeCatalogue catalogue, Clock clock, Consumer<String> showNewKey) {
        App app = new App(config, catalogue, clock);
        try {
            app.instance.register();
            // What a crashed earlier process (H2), or instances whose leases ran out (PostgreSQL), left unfinished.
            app.heartbeat.takeOverAtStart(app.exclusive);
            app.engine.start();
            app.webhooks.start();
            app.heartbeat.start();
            if (app.notifications != null) {
                app.notifications.start();
            }
            app.sweeper.start();
            app.events.start();
            app.http.start(app.host, app.port);
            app.firstKey = app.auth.bootstrap(config.apiKey(), showNewKey);
        } catch (RuntimeException e) {
            app.stop(Duration.ZERO);
            throw e;
        }
        app.http.open();
        LOG.info("listening on port {} ({}), public URL {}", app.port, hostAndPort(app.host, app.port), app.publicUrl);
        return app;
    }

    /** The services themselves, for the command line's runs on this machine (no HTTP, no key). */
    public Services services() {
        return services;
    }

    public record Services(AuthService auth, WorkflowService workflows, RunService runs, Uploads uploads,
                           RunEventHub events, ObjectMapper mapper) {
    }

    public int port() {
        return port;
    }

    public String publicUrl() {
        return publicUrl;
    }

    /** The key made on the first start of an empty database, to print once; empty on every other start. */
    public Optional<String> firstKey() {
        return firstKey;
    }

    /** Stops HTTP first, then lets items in progress finish for up to {@code grace}; the rest resume at next start. */
    public void stop(Duration grace) {
        LOG.info("shutting down: no new requests; items in progress have {} s to finish, the rest resume at next start",
                grace.toSeconds());
        // Streams end first: their requests would otherwise hold the HTTP server's stop.
        events.stop();
        http.stop();
        sweeper.stop(grace);
        webhooks.stop(grace);
        engine.stop(grace);
        archives.stop();
        if (notifications != null) {
            notifications.stop();
        }
        heartbeat.stop();
        releaseLease();
        if (model != null) {
            model.close();
        }
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
        jvmMeters.close();
        database.close();
        storage.close();
        LOG.info("stopped");
    }

    /** What is left unfinished here goes to another instance at its next heartbeat, not after the whole lease. */
    private void releaseLease() {
        try {
            instance.release();
        } catch (RuntimeException e) {
            LOG.warn("could not release this instance's lease: {}; its work is taken over once it runs out",
                    e.toString());
        }
    }

    /** The settings in force, before anything is opened: if start-up fails, the log already says with what. */
    private static void logStart(Config config, String host, int port) {
        LOG.info("flowrun {} starting: address {}, data directory {}, database {}, workers {}, model {}, "
                        + "private networks {}, admin endpoints {}",
                Version.text(), hostAndPort(host, port), config.dataDir().toAbsolutePath().normalize(),
                databaseKind(config.effectiveDbUrl()), config.workers(), config.modelSummary(),
                config.allowPrivateNetworks() ? "allowed" : "blocked", config.adminToken() != null ? "on" : "off");
    }

    /** {@code h2 (file)}, {@code postgresql}: the kind only, as a URL may carry a password. */
    static String databaseKind(String jdbcUrl) {
        String[] parts = jdbcUrl.split(":", 4);
        if (parts.length < 3) {
            return "unknown";
        }
        if (!parts[1].equals("h2")) {
            return parts[1];
        }
        return switch (parts[2]) {
            case "mem" -> "h2 (in memory)";
            case "tcp", "ssl" -> "h2 (server)";
            default -> "h2 (file)";
        };
    }

    private static String hostAndPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    private static int freePort() {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
