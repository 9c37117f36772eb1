package dev.flowrun;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.auth.AuthService;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.ModelThreads;
import dev.flowrun.cutout.model.SegmentationModel;
import dev.flowrun.db.Database;
import dev.flowrun.db.Settings;
import dev.flowrun.engine.Engine;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.http.HttpServer;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.input.zip.ZipDownloader;
import dev.flowrun.input.zip.ZipLimits;
import dev.flowrun.input.zip.ZipScanner;
import dev.flowrun.net.OutboundGuard;
import dev.flowrun.nodes.ImageDecoder;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.run.RunArchives;
import dev.flowrun.run.RunService;
import dev.flowrun.run.RunViews;
import dev.flowrun.workflow.GraphParser;
import dev.flowrun.workflow.Templates;
import dev.flowrun.workflow.WorkflowRequests;
import dev.flowrun.webhook.RetrySchedule;
import dev.flowrun.webhook.WebhookOutbox;
import dev.flowrun.webhook.WebhookSender;
import dev.flowrun.webhook.WebhookStatusService;
import dev.flowrun.workflow.WorkflowService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The composition root: wires and starts database → workers → HTTP, and stops them in reverse. */
public final class App {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);
    private final Database database;
    /** Deliveries in flight at once: enough for slow receivers not to hold up others, bounded all the same. */
    private static final int WEBHOOKS_IN_FLIGHT = 16;
    private final Engine engine;
    private final WebhookSender webhooks;
    private final RunArchives archives;
    private final HttpServer http;
    private final OkHttpClient client;
    private final int port;
    private final String publicUrl;
    private final Optional<String> firstKey;
    /** The segmentation model this app loaded, closed when it stops; null without one. */
    private SegmentationModel model;

    private App(Config config, NodeCatalogue catalogue) {
        Clock clock = Clock.systemUTC();
        ObjectMapper mapper = Json.mapper();
        this.port = config.port() != 0 ? config.port() : freePort();
        this.publicUrl = config.effectivePublicUrl(port);
        createDataDir(config);
        this.database = Database.open(config.effectiveDbUrl(), config.workers() + 10);
        try {
            var jdbi = database.jdbi();
            var parser = new GraphParser(catalogue);
            var workflows = new WorkflowService(jdbi, mapper, parser, clock);
            var auth = new AuthService(jdbi, new Templates(mapper), clock);
            this.firstKey = auth.bootstrap(config.apiKey());
            var store = new FileStore(config.dataDir().resolve("files"));
            var signer = new UrlSigner(new Settings(jdbi).urlSigningSecret(), publicUrl, config.urlTtl(), clock);
            var views = new RunViews(signer, mapper);
            // The one client every outbound call derives from (newBuilder() shares its pools and any guard).
            this.client = OutboundGuard.baseClient(config.allowPrivateNetworks());
            OkHttpClient downloads = client.newBuilder()
                    .connectTimeout(Duration.ofSeconds(10))
                    .readTimeout(Duration.ofSeconds(30))
                    .callTimeout(Duration.ofMinutes(5))
                    .followSslRedirects(false)
                    .build();
            this.archives = new RunArchives(jdbi, store);
            OkHttpClient webhookClient = client.newBuilder()
                    .followRedirects(false)
                    .followSslRedirects(false)
                    .retryOnConnectionFailure(false)
                    // The receiver has the whole timeout (15 s by default), not OkHttp's 10 s per read.
                    .connectTimeout(config.webhookTimeout())
                    .readTimeout(config.webhookTimeout())
                    .writeTimeout(config.webhookTimeout())
                    .callTimeout(config.webhookTimeout())
                    .build();
            this.webhooks = new WebhookSender(jdbi, webhookClient, new RetrySchedule(config.webhookRetryDelays()),
                    config.webhookTimeout(), WEBHOOKS_IN_FLIGHT, clock);
            var outbox = new WebhookOutbox(mapper, webhooks, clock);
            this.engine = new Engine(config.workers(), jdbi, mapper, workflows, views, new InputFetcher(downloads, store),
                    new ZipDownloader(downloads, store, ZipLimits.CONTRACT.maxArchiveBytes()),
                    new ZipScanner(ZipLimits.CONTRACT), new ImageDecoder(config.maxPixels()), store, clock,
                    archives::buildLater, outbox);
            var runs = new RunService(jdbi, mapper, workflows, views, signer, engine.queue(), engine.zips(), outbox,
                    clock, config.pageCacheMb());
            this.http = new HttpServer(new HttpServer.Services(auth, workflows, new WorkflowRequests(parser), runs, store,
                    signer, archives, new WebhookStatusService(jdbi), config.adminToken()), mapper);
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /**
     * Starts everything; the returned app is serving once this returns. The segmentation model, when one is
     * configured or fetched, is loaded first: a file that cannot be used stops start-up with
     * {@link dev.flowrun.cutout.model.ModelUnavailable}.
     */
    public static App start(Config config) {
        Path file = config.effectiveBgModel();
        if (file == null) {
            LOG.info("segmentation model: none; removeBackground uses the classic algorithm");
            return start(config, NodeCatalogue.standard(null));
        }
        SegmentationModel model = SegmentationModel.load(file, config.bgModelFamily(),
                ModelThreads.of(config.workers(), Runtime.getRuntime().availableProcessors()));
        LOG.info("segmentation model: {}", model);
        try {
            App app = start(config, NodeCatalogue.standard(new ModelBackgroundRemover(model)));
            app.model = model;
            return app;
        } catch (RuntimeException e) {
            model.close();
            throw e;
        }
    }

    /** The same with another set of node types: tests add nodes that misbehave on purpose. */
    public static App start(Config config, NodeCatalogue catalogue) {
        App app = new App(config, catalogue);
        app.engine.start();
        app.webhooks.start();
        try {
            app.http.start(app.port);
        } catch (RuntimeException e) {
            app.webhooks.stop(Duration.ZERO);
            app.engine.stop(Duration.ZERO);
            app.database.close();
            throw e;
        }
        LOG.info("listening on port {}", app.port);
        return app;
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
        http.stop();
        webhooks.stop(grace);
        engine.stop(grace);
        archives.stop();
        if (model != null) {
            model.close();
        }
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
        database.close();
    }

    private static void createDataDir(Config config) {
        try {
            Files.createDirectories(config.dataDir());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data directory " + config.dataDir(), e);
        }
    }

    private static int freePort() {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
