package dev.flowrun;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.auth.AuthService;
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
import dev.flowrun.webhook.WebhookClient;
import dev.flowrun.webhook.WebhookOutbox;
import dev.flowrun.webhook.WebhookSender;
import dev.flowrun.webhook.WebhookStatusService;
import dev.flowrun.work.PixelMemory;
import dev.flowrun.workflow.WorkflowService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
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
    private final AuthService auth;
    private Optional<String> firstKey = Optional.empty();

    private App(Config config, NodeCatalogue catalogue) {
        Clock clock = Clock.systemUTC();
        ObjectMapper mapper = Json.mapper();
        this.port = config.port() != 0 ? config.port() : freePort();
        this.publicUrl = config.effectivePublicUrl(port);
        Path files = DataDirectory.prepare(config.dataDir());
        this.database = Database.open(config.effectiveDbUrl(), config.workers() + 10);
        try {
            var jdbi = database.jdbi();
            var parser = new GraphParser(catalogue);
            var workflows = new WorkflowService(jdbi, mapper, parser, clock);
            this.auth = new AuthService(jdbi, new Templates(mapper), clock);
            var store = new FileStore(files);
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
            this.webhooks = new WebhookSender(jdbi, WebhookClient.from(client, config.webhookTimeout()),
                    new RetrySchedule(config.webhookRetryDelays()), config.webhookTimeout(), WEBHOOKS_IN_FLIGHT, clock);
            var outbox = new WebhookOutbox(mapper, webhooks, clock);
            this.engine = new Engine(config.workers(), jdbi, mapper, workflows, views, new InputFetcher(downloads, store),
                    new ZipDownloader(downloads, store, ZipLimits.CONTRACT.maxArchiveBytes()),
                    new ZipScanner(ZipLimits.CONTRACT),
                    new ImageDecoder(config.maxPixels(), PixelMemory.forHeap(Runtime.getRuntime().maxMemory())),
                    store, clock, archives::buildLater, outbox, config.itemTimeout());
            var runs = new RunService(jdbi, mapper, workflows, views, signer, engine.queue(), engine.zips(), outbox,
                    clock, config.pageCacheMb());
            this.http = new HttpServer(new HttpServer.Services(auth, workflows, new WorkflowRequests(parser), runs, store,
                    signer, archives, new WebhookStatusService(jdbi), config.adminToken(), database::flushCommits), mapper);
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /** Starts everything; the returned app is serving once this returns. A new key is not shown. */
    public static App start(Config config) {
        return start(config, NodeCatalogue.standard());
    }

    /** The same with another set of node types: tests add nodes that misbehave on purpose. */
    public static App start(Config config, NodeCatalogue catalogue) {
        return start(config, catalogue, key -> { });
    }

    /**
     * Starts everything; {@code showNewKey} gets the key made on the first start of an empty database, before it
     * is stored. Whatever fails stops what had started and throws; the workspace and key are made last, once the
     * port is bound, so a start that fails has made neither and the next start shows the key.
     */
    public static App start(Config config, NodeCatalogue catalogue, Consumer<String> showNewKey) {
        App app = new App(config, catalogue);
        try {
            app.engine.start();
            app.webhooks.start();
            app.http.start(app.port);
            app.firstKey = app.auth.bootstrap(config.apiKey(), showNewKey);
            app.database.flushCommits();
        } catch (RuntimeException e) {
            app.stop(Duration.ZERO);
            throw e;
        }
        app.http.open();
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
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
        database.close();
    }

    private static int freePort() {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
