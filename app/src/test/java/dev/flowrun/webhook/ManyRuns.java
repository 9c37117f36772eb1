package dev.flowrun.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Many runs created at once, each with a webhook, and where each one's delivery ended up. */
final class ManyRuns {
    private ManyRuns() {
    }

    /**
     * Creates {@code count} runs from 8 callers at once, each over one input that answers 404 ({@code files}
     * serves nothing under that name), so that each fails as soon as a worker takes it and owes its event at once.
     */
    static List<Long> create(TestApp app, FileServer files, int count, String webhookUrl) {
        long workflowId = Runs.template(app, "Remove background");
        String body = "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + files.url("/missing.png")
                + "\"}]}}, \"webhookUrl\": \"" + webhookUrl + "\"}";
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<Reply>> replies = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                replies.add(CompletableFuture.supplyAsync(() -> app.post("/workflows/" + workflowId + "/runs", body),
                        callers));
            }
            List<Long> runIds = new ArrayList<>();
            for (CompletableFuture<Reply> reply : replies) {
                Reply created = reply.join();
                if (created.status() != 200) {
                    throw new AssertionError("create answered " + created);
                }
                runIds.add(created.json().path("id").asLong());
            }
            return runIds;
        } finally {
            callers.shutdownNow();
        }
    }

    /** Each run's webhook state ({@code GET …/webhook}) once it is no longer pending: delivered or failed. */
    static Map<Long, JsonNode> settled(TestApp app, List<Long> runIds, Duration timeout) {
        Map<Long, JsonNode> states = new LinkedHashMap<>();
        Await.until("every webhook delivered or given up (count settled)", timeout, () -> {
            for (long runId : runIds) {
                if (!states.containsKey(runId)) {
                    JsonNode state = app.get("/workflows/runs/" + runId + "/webhook").json();
                    if (state != null && !state.path("status").asText().equals("pending")) {
                        states.put(runId, state);
                    }
                }
            }
            return states.size();
        }, settled -> settled == runIds.size());
        return states;
    }

    /** The attempts' outcomes in order: a status code, or the error. */
    static List<String> outcomes(JsonNode state) {
        List<String> outcomes = new ArrayList<>();
        for (JsonNode attempt : state.path("attempts")) {
            outcomes.add(attempt.has("statusCode") ? attempt.path("statusCode").asText() : attempt.path("error").asText());
        }
        return outcomes;
    }
}
