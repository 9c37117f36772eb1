package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/** The few calls the benchmark makes itself (set-up and polling), with the benchmark's key. */
final class ApiClient {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> TERMINAL = List.of("completed", "partial", "failed", "cancelled");
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;

    ApiClient(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET());
    }

    JsonNode post(String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** The same as {@link #get}, but null where the service answers 404 (an id it does not know). */
    JsonNode find(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = call(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET());
        return response.statusCode() == 404 ? null : checked(response);
    }

    private JsonNode send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return checked(call(request));
    }

    private HttpResponse<String> call(HttpRequest.Builder request) throws IOException, InterruptedException {
        return client.send(request.header("Authorization", "Bearer " + ServerProcess.API_KEY)
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode checked(HttpResponse<String> response) throws IOException {
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException(response.request().uri() + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return MAPPER.readTree(response.body());
    }

    /** Downloads an absolute (signed) URL without the key; returns the number of bytes. */
    long download(String url) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofMinutes(2)).build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                throw new IllegalStateException(url + " answered " + response.statusCode());
            }
            return body.transferTo(OutputStream.nullOutputStream());
        }
    }

    long workflowNamed(String name) throws IOException, InterruptedException {
        for (JsonNode workflow : get("/workflows")) {
            if (workflow.path("name").asText().equals(name)) {
                return workflow.path("id").asLong();
            }
        }
        throw new IllegalStateException("no workflow named " + name);
    }

    /** {@code imageInput → output png}: the cheapest workflow, so a run's cost is the service's own per item. */
    long passThroughWorkflow() throws IOException, InterruptedException {
        return post("/workflows", """
                {"name": "Benchmark pass-through", "graph": {
                  "nodes": [{"id": "in", "type": "imageInput"}, {"id": "out", "type": "output", "data": {"format": "png"}}],
                  "edges": [{"id": "e1", "source": "in", "target": "out"}]}}""").path("id").asLong();
    }

    /** A run over {@code count} files: file i is fetched from {@code url(i)} and named {@code name(i)}. */
    long createRun(long workflowId, int count, IntFunction<String> url, IntFunction<String> name)
            throws IOException, InterruptedException {
        var files = new StringBuilder();
        for (int i = 0; i < count; i++) {
            files.append(i == 0 ? "" : ",").append("{\"url\":\"").append(url.apply(i)).append("\",\"name\":\"")
                    .append(name.apply(i)).append("\"}");
        }
        return post("/workflows/" + workflowId + "/runs", "{\"inputs\":{\"imageInput\":{\"files\":[" + files + "]}}}")
                .path("id").asLong();
    }

    JsonNode awaitTerminal(long runId, Duration timeout) throws IOException, InterruptedException {
        return await(runId, run -> TERMINAL.contains(run.path("status").asText()), "finished", timeout);
    }

    JsonNode awaitCompleted(long runId, int completed, Duration timeout) throws IOException, InterruptedException {
        return await(runId, run -> run.path("completedItems").asInt() >= completed,
                "with " + completed + " items done", timeout);
    }

    /** Polls the run (its first item only) every 50 ms until {@code done} holds; fails after {@code timeout}. */
    private JsonNode await(long runId, Predicate<JsonNode> done, String what, Duration timeout)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JsonNode run = get("/workflows/runs/" + runId + "?pageSize=1");
            if (done.test(run)) {
                return run;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("run " + runId + " not " + what + " after " + timeout + ": " + run);
            }
            Thread.sleep(50);
        }
    }

    /** From the run's createdAt to its finishedAt, as the service recorded them. */
    static Duration createdToFinished(JsonNode run) {
        return Duration.between(Instant.parse(run.path("createdAt").asText()), Instant.parse(run.path("finishedAt").asText()));
    }
}
