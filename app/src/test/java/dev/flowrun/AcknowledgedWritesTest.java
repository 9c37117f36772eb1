package dev.flowrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.TestWorkflow;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Durability, found by bench/chaos: what a 2xx answer acknowledged survives a {@code kill -9} that
 * follows it at once. H2 writes committed changes to its file in the background, half a second later.
 */
class AcknowledgedWritesTest {
    private static final String KEY = "fr_acknowledged_writes_key";
    private static final String ADMIN = "acknowledged-writes-admin";
    private static final Duration START = Duration.ofSeconds(90);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final OkHttpClient client = new OkHttpClient();

    @TempDir
    Path temp;

    @AfterEach
    void closeClient() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }

    @Test
    void everyAcknowledgedWriteSurvivesAKillRightAfterIt() throws IOException {
        Map<String, String> env = Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", temp.resolve("data").toString(),
                "FLOWRUN_API_KEY", KEY, "FLOWRUN_ADMIN_TOKEN", ADMIN, "FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true");
        long workflowId;
        long runId;
        long revokedKeyId;
        String revokedKey;
        MainProcess first = MainProcess.start(env);
        try {
            String base = "http://localhost:" + first.awaitListening(START);
            workflowId = call("POST", base + "/workflows", KEY, TestWorkflow.passThrough().json()).path("id").asLong();
            runId = call("POST", base + "/workflows/" + workflowId + "/runs", KEY,
                    "{\"inputs\": {\"in\": {\"files\": [{\"url\": \"http://127.0.0.1:9/a.png\"}]}}}").path("id").asLong();
            JsonNode key = call("POST", base + "/admin/workspaces/1/keys", ADMIN, null);
            revokedKeyId = key.path("id").asLong();
            revokedKey = key.path("key").asText();
            call("DELETE", base + "/admin/keys/" + revokedKeyId, ADMIN, null);
        } finally {
            first.kill();
        }

        try (MainProcess second = MainProcess.start(env)) {
            String base = "http://localhost:" + second.awaitListening(START);
            assertThat(status(base + "/workflows/" + workflowId, KEY)).as("the workflow created").isEqualTo(200);
            assertThat(status(base + "/workflows/runs/" + runId, KEY)).as("the run created").isEqualTo(200);
            assertThat(status(base + "/workflows", revokedKey)).as("the key revoked, last before the kill").isEqualTo(401);
        }
    }

    private JsonNode call(String method, String url, String key, String json) throws IOException {
        RequestBody body = json == null ? (method.equals("DELETE") ? null : RequestBody.create(new byte[0]))
                : RequestBody.create(json, MediaType.get("application/json"));
        try (Response response = client.newCall(new Request.Builder().url(url).method(method, body)
                .header("Authorization", "Bearer " + key).build()).execute()) {
            String text = response.body().string();
            assertThat(response.code()).as(method + " " + url + ": " + text).isBetween(200, 299);
            return text.isEmpty() ? MAPPER.nullNode() : MAPPER.readTree(text);
        }
    }

    private int status(String url, String key) throws IOException {
        try (Response response = client.newCall(new Request.Builder().url(url).header("Authorization", "Bearer " + key)
                .build()).execute()) {
            return response.code();
        }
    }
}
