package dev.flowrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.MainProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service started as users start it (its own JVM, logback.xml), its standard output read line by
 * line. One run's story (created, an item failed, finished), an admin action, start-up and shutdown.
 */
class LogLinesTest {
    static final String KEY = "fr_log_lines_test_key";
    static final String ADMIN = "admin-token-of-the-log-test";
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final OkHttpClient CLIENT = new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(30)).build();

    @TempDir
    Path dir;

    @Test
    void jsonLinesTellARunsStoryWithItsIds() throws Exception {
        List<String> lines;
        try (FileServer files = new FileServer().serve("/red.png", Images.pngDisc()).serve("/broken.png", new byte[] {1})) {
            lines = runService(Map.of("FLOWRUN_LOG_FORMAT", "json"), base -> {
                String created = call(base, "POST", "/workflows/1/runs", KEY, """
                        {"inputs": {"imageInput": {"files": [{"url": "%s"}, {"url": "%s"}]}}}"""
                        .formatted(files.url("/red.png"), files.url("/broken.png")));
                long run = MAPPER.readTree(created).path("id").asLong();
                Await.until("run " + run + " to finish", Duration.ofSeconds(60), () -> status(base, run),
                        s -> s.equals("partial"));
                call(base, "POST", "/admin/workspaces", "Bearer " + ADMIN, "{\"name\": \"logged\"}");
            });
        }
        List<JsonNode> events = new ArrayList<>();
        for (String line : lines) {
            JsonNode event = MAPPER.readTree(line);
            assertThat(event.isObject()).as(line).isTrue();
            assertThat(event.path("level").asText()).as(line).isNotEmpty();
            assertThat(event.path("loggerName").asText()).as(line).isNotEmpty();
            assertThat(event.path("timestamp").isNumber()).as(line).isTrue();
            events.add(event);
        }
        JsonNode start = event(events, "flowrun ");
        assertThat(message(start)).contains("starting", "address 127.0.0.1:", "data directory " + dir.toRealPath(),
                "database h2 (file)", "workers 1", "model none", "private networks allowed", "admin endpoints on");
        assertThat(message(start)).as("without a model, what photos get and how to get the model")
                .contains("photos get the classic background removal", "java -jar flowrun.jar model fetch isnet");
        assertThat(message(event(events, "listening on port "))).contains("127.0.0.1:");
        JsonNode created = event(events, "run 1 created");
        assertThat(message(created)).contains("workflow 1", "2 items", "trigger api");
        assertThat(created.path("mdc").path("runId").asText()).isEqualTo("1");
        JsonNode failed = event(events, "run 1 item 2 failed");
        assertThat(message(failed)).contains("unsupported_media");
        assertThat(failed.path("mdc").path("runId").asText()).isEqualTo("1");
        assertThat(failed.path("mdc").path("itemId").asText()).isEqualTo("2");
        JsonNode finished = event(events, "run 1 finished");
        assertThat(message(finished)).contains("partial", "1 completed", "1 failed", "s after it was created");
        assertThat(finished.path("mdc").path("runId").asText()).isEqualTo("1");
        assertThat(List.of(events.indexOf(created), events.indexOf(failed), events.indexOf(finished))).as("in order")
                .isSorted();
        assertThat(message(event(events, "admin: created workspace"))).contains("'logged'");
        event(events, "shutting down");
        event(events, "stopped");
    }

    @Test
    void textIsTheDefaultOneLineEachOnStandardOutput() throws Exception {
        List<String> lines = runService(Map.of(), base -> { });
        assertThat(lines).isNotEmpty().allSatisfy(line -> assertThat(line)
                .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z (INFO |WARN |ERROR) \\[[^]]+] \\w+: .+"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("App: flowrun ").contains(" starting: "));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("App: listening on port "));
        assertThat(lines).anySatisfy(line -> assertThat(line).endsWith("App: stopped"));
    }

    interface WhileUp {
        void run(String baseUrl) throws Exception;
    }

    /** Starts the service in its own JVM, does {@code whileUp}, stops it with SIGTERM; answers its standard output. */
    private List<String> runService(Map<String, String> env, WhileUp whileUp) throws Exception {
        Map<String, String> all = new HashMap<>(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_HOST", "127.0.0.1",
                "FLOWRUN_DATA_DIR", dir.toString(), "FLOWRUN_API_KEY", KEY, "FLOWRUN_ADMIN_TOKEN", ADMIN,
                "FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true", "FLOWRUN_WORKERS", "1"));
        all.putAll(env);
        MainProcess process = MainProcess.start(all);
        try {
            whileUp.run("http://127.0.0.1:" + process.awaitListening(Duration.ofSeconds(120)));
        } finally {
            process.close();
        }
        assertThat(process.stderr()).as("standard error").isEmpty();
        return process.stdout().lines().toList();
    }

    private static JsonNode event(List<JsonNode> events, String start) {
        return events.stream().filter(e -> message(e).startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no line starting '" + start + "' in " + events));
    }

    private static String message(JsonNode event) {
        return event.path("formattedMessage").asText();
    }

    private static String status(String base, long run) {
        try {
            return MAPPER.readTree(call(base, "GET", "/workflows/runs/" + run, KEY, null)).path("status").asText();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String call(String base, String method, String path, String auth, String json) throws IOException {
        RequestBody body = json == null ? null : RequestBody.create(json, MediaType.get("application/json"));
        var request = new Request.Builder().url(base + path).header("Authorization", auth).method(method, body).build();
        try (Response response = CLIENT.newCall(request).execute()) {
            return response.body().string();
        }
    }
}
