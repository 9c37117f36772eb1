package dev.flowrun;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.auth.AuthService;
import dev.flowrun.cluster.Cluster;
import dev.flowrun.cluster.Instance;
import dev.flowrun.cluster.ResultSettings;
import dev.flowrun.cluster.Takeover;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.ModelLoad;
import dev.flowrun.db.Database;
import dev.flowrun.db.Settings;
import dev.flowrun.engine.Engine;
import dev.flowrun.engine.EngineContext;
import dev.flowrun.engine.ItemTools;
import dev.flowrun.engine.ZipTools;
import dev.flowrun.events.RunEventHub;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.health.Readiness;
import dev.flowrun.http.HttpServer;
import dev.flowrun.http.ServiceInfo;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Thumbnailer;
import dev.flowrun.imaging.Thumbnails;
import dev.flowrun.input.DownloadClient;
import dev.flowrun.lifecycle.RunListener;
import dev.flowrun.lifecycle.RunSignals;
import dev.flowrun.metrics.JvmMeters;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.net.LazyClient;
import dev.flowrun.net.OutboundGuard;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.retention.Retention;
import dev.flowrun.archive.ArchiveTakeover;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.archive.RunArchives;
import dev.flowrun.run.RunContext;
import dev.flowrun.run.RunLog;
import dev.flowrun.run.RunQueues;
import dev.flowrun.run.RunService;
import dev.flowrun.run.Runs;
import dev.flowrun.lifecycle.RunStatus;
import dev.flowrun.lifecycle.RunEvents;
import dev.flowrun.run.RunViews;
import dev.flowrun.upload.UploadLimits;
import dev.flowrun.upload.Uploads;
import dev.flowrun.webhook.Webhooks;
import dev.flowrun.work.Background;
import dev.flowrun.workflow.Templates;
import dev.flowrun.workflow.WorkflowService;
import dev.flowrun.workflow.Workflows;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The composition root: {@link #builder} builds each feature's parts from the config and starts database → workers →
 * HTTP; {@link #stop} stops them in reverse.
 */
public final class App {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);
    private final Database database;
    private final Storage storage;
    private final Engine engine;
    private final Webhooks webhooks;
    private final RunArchives archives;
    private final HttpServer http;
    private final RunEventHub events;
    private final Services services;
    private final LazyClient client;
    /** Null without the HTTP server: the JVM's meters are read only through /metrics. */
    private final JvmMeters jvmMeters;
    private final Address address;
    private final AuthService auth;
    private Optional<String> firstKey = Optional.empty();
    /** The segmentation model this app loads, closed when it stops; null without one. */
    private final ModelLoad model;

    private final Retention retention;
    private final Cluster cluster;

    /** The one way to start the app: the service, the command line and the tests all go through it. */
    public static Builder builder(Config config) {
        return new Builder(config);
    }

    /**
     * What differs between starts besides the config, each optional: the clock (tests move it on to see retention),
     * the node types (tests add nodes that misbehave on purpose), and who is shown the key made on the first start
     * of an empty database.
     */
    public static final class Builder {
        private final Config config;
        private Clock clock = Clock.systemUTC();
        private NodeCatalogue nodes;
        private Consumer<String> onNewKey = key -> { };
        private boolean serving = true;
        private ModelLoad loading;
        private Background<Database> opening;

        private Builder(Config config) {
            this.config = config;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /** Instead of the standard nodes with the segmentation model the config names or {@code model fetch} stored. */
        public Builder nodes(NodeCatalogue nodes) {
            this.nodes = nodes;
            return this;
        }

        /** Gets the key made on the first start of an empty database, before it is stored; not called otherwise. */
        public Builder onNewKey(Consumer<String> onNewKey) {
            this.onNewKey = onNewKey;
            return this;
        }

        /**
         * Without the HTTP server, for the command line on this machine: it calls the {@link #services} directly and
         * reads outputs from the store, and a start without the server and its web stack (a third of the classes a
         * start loads) is what a one-photo command waits for. Left out with it, since nothing of a command's run reads
         * them: the JVM's meters (read through /metrics), the retention sweep, and the zip of a finished run's outputs
         * (built when it is first asked for, as after a restart).
         */
        public Builder withoutHttp() {
            this.serving = false;
            return this;
        }

        /**
         * The model of the config already loading ({@link ModelLoad#startIfAny}): the command line starts it before
         * anything else, so its load overlaps the logging, JSON and database set-up too. The app closes it when it
         * stops.
         */
        public Builder model(ModelLoad loading) {
            this.loading = loading;
            return this;
        }

        /**
         * The database of the config already opening and migrating ({@link Database#opening}): the command line starts it
         * before its logging and JSON set-up, which it overlaps, as the model's load does on a thread of its own. The
         * app closes it when it stops, or, if the start fails first, once it has opened.
         */
        public Builder database(Background<Database> opening) {
            this.opening = opening;
            return this;
        }

        /**
         * Starts everything; the returned app is serving once this returns. The model loads on a thread of its own
         * while the database opens and the rest starts, and is waited for before HTTP starts: a file that cannot be
         * used stops start-up with {@link dev.flowrun.cutout.model.ModelUnavailable}. Whatever fails stops what had
         * started and throws.
         */
        public App start() {
            Background<Database> database = opening != null ? opening
                    : Database.opening(config.effectiveDbUrl(), config.dbPoolSize());
            if (nodes != null) {
                return new App(config, nodes, clock, null, serving, database).start(config, onNewKey);
            }
            ModelLoad model = loading != null ? loading
                    : ModelLoad.startIfAny(config.effectiveBgModel(), config.bgModelFamily(),
                    config.bgModelSpinning());
            if (model == null) {
                return new App(config, NodeCatalogue.standard(null), clock, null, serving, database)
                        .start(config, onNewKey);
            }
            App app;
            try {
                app = new App(config, NodeCatalogue.standard(new ModelBackgroundRemover(model)), clock, model, serving,
                        database);
            } catch (RuntimeException e) {
                model.close();
                throw e;
            }
            return app.start(config, onNewKey);
        }
    }

    private App(Config config, NodeCatalogue catalogue, Clock clock, ModelLoad model, boolean serving,
                Background<Database> opening) {
        this.model = model;
        ObjectMapper mapper = Json.mapper();
        this.address = Address.of(config);
        StartLine.log(config, address);
        String publicUrl = address.publicUrl();
        try {
            this.storage = Storage.open(config);
        } catch (RuntimeException e) {
            opening.abandon(Database::close);
            throw e;
        }
        // What needs no database is built while it may still be opening (the command line opens it on a thread of
        // its own): the meters' registry, the outbound client, an item's tools.
        var disk = new DiskSpace(config.dataDir(), DiskSpace.RESERVE_BYTES);
        FileStore store = storage.store();
        PrometheusMeterRegistry registry;
        Metrics metrics;
        ItemTools itemTools;
        ZipTools zipTools;
        try {
            // The one client every outbound call derives from (newBuilder() shares its pools and any guard), built by
            // the first call that goes out.
            this.client = LazyClient.of(() -> OutboundGuard.baseClient(config.allowPrivateNetworks()));
            LazyClient downloads = client.derived(DownloadClient::standard);
            // One registry for the whole app, passed to what records into it; /metrics reads it.
            registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            metrics = new Metrics(registry, catalogue.types(), List.of(RunStatus.values()),
                    List.of(ItemStatus.values()));
            itemTools = ItemTools.create(downloads, store, disk, config.maxPixels(), mapper, metrics);
            zipTools = ZipTools.create(downloads, store);
            this.database = opening.get();
        } catch (RuntimeException e) {
            storage.close();
            opening.abandon(Database::close); // nothing when the database itself failed to open
            throw e;
        }
        try {
            var jdbi = database.jdbi();
            var availability = database.availability();
            var instance = new Instance(jdbi, config.lease(), ResultSettings.of(config.resultSettings()));
            var workflows = Workflows.create(jdbi, mapper, catalogue, clock);
            this.auth = new AuthService(jdbi, new Templates(mapper), clock);
            var signer = new UrlSigner(new Settings(jdbi).urlSigningSecret(), publicUrl, config.urlTtl(), clock);
            var views = new RunViews(signer, mapper);
            this.archives = new RunArchives(jdbi, store, instance::id);
            var runLog = new RunLog(metrics);
            this.webhooks = Webhooks.create(config.webhooks(), database, client, clock, metrics, instance::id, mapper);
            // The one run-signal (ended, cancelled, paused, resumed); its listeners are registered below, in one place.
            var signals = new RunSignals();
            this.engine = new Engine(new EngineContext(jdbi, database.dialect(), availability, clock, instance::id),
                    config.engine(), itemTools, zipTools, workflows.service(), signals);
            // In the transaction, in this order: the webhook's outbox row, the live event, the other instances'
            // notifications; after the commit: the log and metrics, this instance's workers, the archive.
            // Without the server nobody downloads the zip of a run's outputs now (the command line wrote them out one
            // by one): a later ask, from the dashboard, builds it then, as after a restart.
            List<RunListener> listeners = new ArrayList<>(List.of(webhooks.outbox(), RunEvents.LISTENER, runLog,
                    engine.runListener()));
            if (serving) {
                listeners.add(archives);
            }
            signals.listen(listeners.toArray(RunListener[]::new));
            metrics.queueSize(engine::waitingItems, engine::heldItems);
            var runs = Runs.create(new RunContext(jdbi, mapper, clock, store, signer, views), workflows.service(),
                    new RunQueues(engine.queue(), engine.zips()), signals, runLog, config.runs());
            this.retention = Retention.create(jdbi, store, config.outputRetention(), clock);
            this.events = new RunEventHub(jdbi, clock, mapper);
            var uploads = new Uploads(jdbi, store, signer, mapper, UploadLimits.CONTRACT, clock);
            this.services = new Services(auth, workflows.service(), runs.service(), uploads, events, mapper, store,
                    signer);
            if (serving) {
                var thumbnails = new Thumbnails(store, new Thumbnailer(new ImageDecoder(config.maxPixels())));
                var info = ServiceInfo.of(Version.text(), catalogue.segmentationModel(), Config.MODEL_FETCH,
                        config.reviewBelow());
                this.http = new HttpServer(new HttpServer.Services(auth, workflows, runs, uploads, events,
                        webhooks.status(), new HttpServer.Files(store, signer, archives, thumbnails,
                        retention.deletedFiles()), new HttpServer.Operations(registry, info,
                        new Readiness(availability, disk, store), config.adminToken(), publicUrl)),
                        mapper, new HttpServer.Timeouts(config.httpIdleTimeout(), config.downloadStallTimeout()));
            } else {
                this.http = null;
            }
            this.jvmMeters = serving ? new JvmMeters(registry) : null;
            List<Takeover> takeovers = new ArrayList<>(engine.takeovers());
            takeovers.add(webhooks.takeover());
            takeovers.add(new ArchiveTakeover());
            var workers = engine.workers();
            this.cluster = new Cluster(database, instance, takeovers, workers::wake,
                    workers::cancelledElsewhere);
            // Work that waited for the database goes on the moment it answers, not at the next look.
            availability.whenBack(workers::wake);
            availability.whenBack(webhooks.sender()::resume);
        } catch (RuntimeException e) {
            database.close();
            storage.close();
            throw e;
        }
    }

    /**
     * The workspace and key are made last, once the port is bound, so a start that fails has made neither and the
     * next start shows the key.
     */
    private App start(Config config, Consumer<String> onNewKey) {
        try {
            cluster.join();
            engine.start();
            webhooks.sender().start();
            cluster.start();
            if (http != null) {
                // A command-line run is over in seconds; the service, or the next long run, sweeps.
                retention.sweeper().start();
            }
            events.start();
            if (model != null) {
                LOG.info("segmentation model: {}", model.get());
            }
            if (http != null) {
                http.start(address.host(), address.port());
            }
            firstKey = auth.bootstrap(config.apiKey(), onNewKey);
        } catch (RuntimeException e) {
            stop(Duration.ZERO);
            throw e;
        }
        if (http != null) {
            http.open();
            LOG.info("listening on port {} ({}), public URL {}", address.port(), address.hostAndPort(),
                    address.publicUrl());
        }
        return this;
    }

    /** The services themselves, for the command line's runs on this machine (no HTTP, no key). */
    public Services services() {
        return services;
    }

    public record Services(AuthService auth, WorkflowService workflows, RunService runs, Uploads uploads,
                           RunEventHub events, ObjectMapper mapper, FileStore files, UrlSigner signer) {
    }

    public int port() {
        return address.port();
    }

    public String publicUrl() {
        return address.publicUrl();
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
        if (http != null) {
            http.stop();
        }
        retention.sweeper().stop(grace);
        webhooks.sender().stop(grace);
        engine.stop(grace);
        archives.stop();
        cluster.stop();
        if (model != null) {
            model.close();
        }
        client.ifBuilt(built -> {
            built.dispatcher().executorService().shutdown();
            built.connectionPool().evictAll();
        });
        if (jvmMeters != null) {
            jvmMeters.close();
        }
        database.close();
        storage.close();
        LOG.info("stopped");
    }
}
