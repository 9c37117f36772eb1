package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.App;
import dev.flowrun.Config;
import dev.flowrun.error.StartupFailure;
import dev.flowrun.events.EventSink;
import dev.flowrun.run.ItemFilter;
import dev.flowrun.run.PageRequest;
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
 * The services are called directly; only the signed output URLs are read over HTTP, from a port on the loopback
 * address that lives as long as the command.
 */
final class LocalTarget implements Target {
    private final App app;
    private final App.Services services;
    private final ObjectMapper mapper;
    private final long workspaceId;
    private final Downloads downloads = new Downloads();
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

    /** Starts the engine; a data directory held by a running service is a usage error that suggests --server. */
    static LocalTarget start(Map<String, String> environment, Integer workers) {
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
        String dataDir = config.dataDir().toAbsolutePath().normalize().toString();
        try {
            return new LocalTarget(App.builder(config).onNewKey(LocalTarget::showKey).start(), dataDir);
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

    @Override
    public InputStream download(String url) throws IOException {
        return downloads.open(url);
    }

    @Override
    public String where() {
        return "on this machine (data directory " + dataDir + ")";
    }

    @Override
    public void close() {
        downloads.close();
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
