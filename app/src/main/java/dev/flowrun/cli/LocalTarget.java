package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.App;
import dev.flowrun.Config;
import dev.flowrun.cutout.model.ModelLoad;
import dev.flowrun.db.Database;
import dev.flowrun.error.StartupFailure;
import dev.flowrun.events.EventSink;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.run.ItemFilter;
import dev.flowrun.run.PageRequest;
import dev.flowrun.work.Background;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * The engine on this machine, on the data directory and settings a service started here would use: the run is
 * recorded like any other (trigger {@code cli}, in the workspace {@code default}) and seen later in the dashboard.
 * The services are called directly and the outputs read from the store their signed URLs name: no HTTP server is
 * started ({@link App.Builder#withoutHttp}).
 */
final class LocalTarget implements Target {
    private final App app;
    private final App.Services services;
    private final ObjectMapper mapper;
    private final long workspaceId;
    private final String dataDir;

    private LocalTarget(App app, String dataDir) {
        this.app = app;
        this.services = app.services();
        this.mapper = services.mapper();
        this.dataDir = dataDir;
        this.workspaceId = services.auth().defaultWorkspace().orElseThrow(() -> new UsageError(
                "this data directory has no workspace 'default'; run against the service with --server and --key"))
                .id();
    }

    /**
     * The settings of a run on this machine, its model already loading and its database opening, each on a thread of
     * its own: the longest steps of a start, begun before the command sets up its logging and JSON. Closed by the app
     * they are given to, else {@link #abandon}ed.
     */
    record Early(Config config, ModelLoad model, Background<Database> database) {
        /** The command ends before starting the engine: each is closed once ready, nobody waits for them. */
        void abandon() {
            if (model != null) {
                model.abandon();
            }
            database.abandon(Database::close);
        }
    }

    /** Reads the settings and starts loading the model they name; a bad setting is a usage error. */
    static Early begin(Map<String, String> environment, Integer workers) {
        Map<String, String> env = new HashMap<>(environment);
        env.put("FLOWRUN_PORT", "0");
        env.put("FLOWRUN_HOST", "127.0.0.1");
        env.remove("FLOWRUN_PUBLIC_URL");
        if (workers != null) {
            env.put("FLOWRUN_WORKERS", Integer.toString(workers));
        }
        Config config;
        try {
            config = Config.fromEnv(env);
        } catch (Config.ConfigException e) {
            throw new UsageError(e.getMessage());
        }
        // Not through App: loading its class sets up the logging first (its logger), which the model need not wait for.
        ModelLoad model = ModelLoad.startIfAny(config.effectiveBgModel(), config.bgModelFamily(),
                config.bgModelSpinning());
        // The logging is set up here, on this thread, before the database's thread logs: set up by two threads at
        // once, SLF4J hands one of them a stand-in that the command's quieting does not reach, and says so.
        Cli.quietLogs();
        return new Early(config, model, Database.opening(config.effectiveDbUrl(), config.dbPoolSize()));
    }

    /**
     * Starts the engine on {@code early}'s settings and model; a data directory held by a running service is a usage
     * error that suggests --server.
     */
    static LocalTarget start(Early early) {
        Config config = early.config();
        String dataDir = config.dataDir().toAbsolutePath().normalize().toString();
        try {
            return new LocalTarget(App.builder(config).withoutHttp().model(early.model()).database(early.database())
                    .onNewKey(LocalTarget::showKey).start(), dataDir);
        } catch (StartupFailure e) {
            if (String.valueOf(e.getMessage()).contains("in use by another process")) {
                throw new Held(config, "a flowrun service is already running on the data directory " + dataDir
                        + "; send this run to it with --server http://localhost:8080 --key <its API key>");
            }
            throw new UsageError(e.getMessage());
        }
    }

    /** The data directory is held by a running service: {@code config} is the one the command would have used. */
    static final class Held extends UsageError {
        final transient Config config;

        Held(Config config, String message) {
            super(message);
            this.config = config;
        }
    }

    private static void showKey(String key) {
        System.err.println("flowrun: created workspace 'default' and its API key (shown only this once, keep it): "
                + key);
    }

    @Override
    public JsonNode workflows() {
        return mapper.valueToTree(services.workflows().list(workspaceId));
    }

    @Override
    public JsonNode create(long workflowId, FormBody form) throws IOException {
        try (InputStream body = form.open();
             var created = services.uploads().createBody(body, form.contentType(), false)) {
            var checked = services.runs().check(workspaceId, workflowId, created);
            return mapper.valueToTree(services.runs().createFromCommandLine(workspaceId, checked));
        }
    }

    @Override
    public JsonNode runPage(long runId, int page) throws IOException {
        return mapper.readTree(services.runs().get(workspaceId, runId, PageRequest.parse(
                Integer.toString(page), "100"), new ItemFilter(null, false)));
    }

    @Override
    public JsonNode item(long runId, long itemId) {
        return mapper.valueToTree(services.runs().item(workspaceId, runId, itemId));
    }

    @Override
    public void follow(long runId, Consumer<StreamEvent> events) throws InterruptedException {
        QueueSink sink = new QueueSink();
        SseParser parser = new SseParser(mapper, events);
        services.events().open(services.events().current(workspaceId, runId), null, sink);
        for (String text = sink.queue.take(); !text.equals(QueueSink.END); text = sink.queue.take()) {
            parser.text(text);
        }
    }

    @Override
    public boolean cancel(long runId) {
        return services.runs().cancel(workspaceId, runId);
    }

    /** An output of this run: its URL is one this app signed, so its file is read from the store. */
    @Override
    public InputStream download(String url) throws IOException {
        String key = services.signer().ownKey(url);
        if (key == null || key.equals(UrlSigner.INVALID)) {
            throw new IOException("not a file URL of this data directory: " + url);
        }
        return services.files().open(key);
    }

    @Override
    public String where() {
        return "on this machine (data directory " + dataDir + ")";
    }

    @Override
    public void close() {
        app.stop(Duration.ofSeconds(2));
    }

    /** The stream's text handed from the hub's thread to the command's; the hub sends only while there is room. */
    private static final class QueueSink implements EventSink {
        static final String END = "";
        final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        private volatile boolean closed;

        @Override
        public boolean send(String text) {
            return !closed && queue.add(text);
        }

        @Override
        public void end() {
            closed = true;
            queue.add(END);
        }

        @Override
        public boolean closed() {
            return closed;
        }

        @Override
        public boolean hasRoom() {
            return !closed && queue.size() < 256;
        }

        @Override
        public boolean stalled() {
            return false;
        }

        @Override
        public void close() {
            end();
        }
    }
}
