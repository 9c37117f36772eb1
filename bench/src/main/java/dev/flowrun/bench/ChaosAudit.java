package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the crash soak checks once everything has finished, over every run the service lists and every run it
 * acknowledged: each count must be 0. Files are fetched through their signed URLs, as a user would.
 */
final class ChaosAudit {
    private static final Set<String> TERMINAL = Set.of("completed", "partial", "failed", "cancelled");
    private final ApiClient api;
    private final ChaosReceiver receiver;
    private final List<Long> killedAt;
    private final Map<String, Integer> counts = new TreeMap<>();
    private final List<String> examples = new ArrayList<>();

    ChaosAudit(ApiClient api, ChaosReceiver receiver, List<Long> killedAt) {
        this.api = api;
        this.receiver = receiver;
        this.killedAt = killedAt;
    }

    /** Every run of the workspace, newest first. */
    List<JsonNode> runs() throws IOException, InterruptedException {
        List<JsonNode> runs = new ArrayList<>();
        for (int page = 1; ; page++) {
            JsonNode items = api.get("/workflows/runs?pageSize=100&page=" + page).path("items");
            if (items.isEmpty()) {
                return runs;
            }
            items.forEach(runs::add);
        }
    }

    Map<String, Integer> audit(Set<Long> acknowledged) throws IOException, InterruptedException {
        for (long runId : acknowledged) {
            if (api.find("/workflows/runs/" + runId + "?pageSize=1") == null) {
                found("runs lost (create acknowledged, run absent)", "run " + runId);
            }
        }
        for (JsonNode listed : runs()) {
            long runId = listed.path("id").asLong();
            if (!TERMINAL.contains(listed.path("status").asText())) {
                found("runs not terminal at the end", "run " + runId + " " + listed.path("status").asText());
            }
            List<JsonNode> items = items(runId);
            checkItems(listed, items);
            checkFiles(runId, items);
            checkWebhook(listed);
            counts.merge("(runs checked)", 1, Integer::sum);
            counts.merge("(items checked)", items.size(), Integer::sum);
        }
        return counts;
    }

    List<String> examples() {
        return examples;
    }

    private List<JsonNode> items(long runId) throws IOException, InterruptedException {
        List<JsonNode> items = new ArrayList<>();
        for (int page = 1; ; page++) {
            JsonNode run = api.get("/workflows/runs/" + runId + "?pageSize=100&page=" + page);
            if (run.path("items").isEmpty()) {
                return items;
            }
            run.path("items").forEach(items::add);
        }
    }

    private void checkItems(JsonNode run, List<JsonNode> items) {
        int completed = 0;
        int failed = 0;
        for (JsonNode item : items) {
            String status = item.path("status").asText();
            completed += status.equals("completed") ? 1 : 0;
            failed += status.equals("failed") ? 1 : 0;
            if (status.equals("queued") || status.equals("running")) {
                found("items left non-terminal", "run " + run.path("id") + " item " + item.path("id") + " " + status);
            }
        }
        if (run.path("totalItems").asInt() != items.size() || run.path("completedItems").asInt() != completed
                || run.path("failedItems").asInt() != failed) {
            found("runs whose counts disagree with their items", "run " + run.path("id") + " says "
                    + run.path("totalItems") + "/" + run.path("completedItems") + "/" + run.path("failedItems")
                    + ", items " + items.size() + "/" + completed + "/" + failed);
        }
    }

    private void checkFiles(long runId, List<JsonNode> items) throws IOException, InterruptedException {
        List<String> urls = new ArrayList<>();
        for (JsonNode item : items) {
            // An input is stored once downloaded: a cancelled item or a failed download never had one.
            if (item.path("status").asText().equals("completed")) {
                item.path("uploadInputs").forEach(input -> urls.add(input.path("url").asText()));
            }
            item.path("outputs").forEach(output -> urls.add(output.path("url").asText()));
        }
        JsonNode run = api.get("/workflows/runs/" + runId + "?pageSize=1");
        if (run.hasNonNull("outputArchiveUrl")) {
            urls.add(run.path("outputArchiveUrl").asText());
        }
        for (String url : urls) {
            try {
                api.download(url);
                counts.merge("(files fetched)", 1, Integer::sum);
            } catch (IllegalStateException e) {
                found("files referenced but missing", "run " + runId + ": " + e.getMessage());
            }
        }
    }

    private void checkWebhook(JsonNode run) throws IOException, InterruptedException {
        long runId = run.path("id").asLong();
        JsonNode webhook = api.find("/workflows/runs/" + runId + "/webhook");
        if (webhook == null) {
            return;
        }
        counts.merge("(webhooks " + webhook.path("status").asText() + ")", 1, Integer::sum);
        if (TERMINAL.contains(run.path("status").asText()) && receiver.requestTimes(runId).isEmpty()) {
            found("webhooks owed but never attempted", "run " + runId + " " + webhook);
        }
        List<ChaosReceiver.Acknowledged> events = receiver.acknowledged(runId);
        if (events.size() > 1) {
            long first = events.get(0).at();
            long second = events.get(1).at();
            boolean killBetween = killedAt.stream().anyMatch(at -> at >= first && at <= second);
            // At least once (README, Webhooks): a kill between the receiver's answer and the service's record of it
            // sends the event again. Only a duplicate no kill explains is a fault.
            found(killBetween ? "(runs delivered twice across a kill: at-least-once)" : "runs with two delivered events",
                    "run " + runId + " acknowledged " + events.size() + " times");
        }
        if (!events.isEmpty()) {
            JsonNode event = events.get(0).event();
            for (String field : List.of("status", "totalItems", "completedItems", "failedItems")) {
                if (!event.path(field).equals(run.path(field))) {
                    found("delivered events that disagree with their run", "run " + runId + " " + field + ": event "
                            + event.path(field) + ", run " + run.path(field));
                    break;
                }
            }
        }
    }

    /** Counts a finding; the first few of each kind are kept as examples, to start from in the server log. */
    private void found(String check, String example) {
        if (counts.merge(check, 1, Integer::sum) <= 5) {
            examples.add(check + ": " + example);
        }
    }
}
