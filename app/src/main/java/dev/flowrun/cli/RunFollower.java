package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run of the run command, from its create request to its summary: follows the live events, writes each
 * completed item's outputs as soon as it ends (so an interrupted folder keeps what was done), prints each failed
 * item, and cancels the run if the command is interrupted (Ctrl-C) before it ends.
 */
final class RunFollower {
    private final Target target;
    private final OutputFolder folder;
    private final List<InputFile> inputs;
    private final boolean terminal;
    private final boolean quiet;
    private final Map<Long, InputFile> byItem = new HashMap<>();
    private final Set<Long> handled = ConcurrentHashMap.newKeySet();
    private volatile boolean finished;
    private Progress progress;
    private long runId;
    private int completed;
    private int failed;
    private int notWritten;
    private String status = "queued";

    RunFollower(Target target, OutputFolder folder, List<InputFile> inputs, boolean terminal, boolean quiet) {
        this.target = target;
        this.folder = folder;
        this.inputs = inputs;
        this.terminal = terminal;
        this.quiet = quiet;
    }

    int run(long workflowId, String workflowName, FormBody form, String skipped) throws Exception {
        long started = System.nanoTime();
        if (!quiet) {
            System.out.println("flowrun: sending " + inputs.size() + " image(s) to \"" + workflowName + "\" "
                    + target.where() + skipped);
        }
        runId = target.create(workflowId, form).path("id").asLong();
        Thread hook = new Thread(this::interrupted, "flowrun-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            mapItems();
            progress = Progress.open(inputs.size(), terminal, quiet, System.out, System.err);
            target.follow(runId, this::event);
            catchUp();
        } catch (Exception | Error e) {
            // The command gives up on the run: it is cancelled rather than left running unwatched.
            cancelQuietly();
            throw e;
        } finally {
            finished = true;
            if (progress != null) {
                progress.close();
            }
        }
        Runtime.getRuntime().removeShutdownHook(hook);
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("flowrun: run %d %s: %d completed, %d failed in %s (%.1f items/s); outputs in %s%n", runId,
                status, completed, failed, time(seconds), (completed + failed) / Math.max(seconds, 0.001),
                folder.root());
        return failed == 0 && notWritten == 0 && status.equals("completed") ? 0 : 1;
    }

    /** Items are listed in the order they were sent: the n-th is the n-th input. */
    private void mapItems() throws IOException {
        int index = 0;
        for (int page = 1; index < inputs.size(); page++) {
            JsonNode items = target.runPage(runId, page).path("items");
            if (items.isEmpty()) {
                throw new IOException("run " + runId + " lists " + index + " items of " + inputs.size() + " sent");
            }
            for (JsonNode item : items) {
                byItem.put(item.path("id").asLong(), inputs.get(index++));
            }
        }
    }

    private void event(StreamEvent event) {
        JsonNode data = event.data();
        if (event.name().equals("item")) {
            itemEnded(data.path("itemId").asLong(), data.path("status").asText());
        } else if (event.name().equals("run")) {
            status = data.path("status").asText();
            progress.total(data.path("totalItems").asInt());
        }
    }

    /** Items that ended before the stream began (its first event gives only the counts). */
    private void catchUp() throws IOException {
        List<JsonNode> ended = new ArrayList<>();
        for (int page = 1; ; page++) {
            JsonNode run = target.runPage(runId, page);
            status = run.path("status").asText();
            JsonNode items = run.path("items");
            if (items.isEmpty()) {
                break;
            }
            items.forEach(ended::add);
        }
        for (JsonNode item : ended) {
            itemEnded(item.path("id").asLong(), item.path("status").asText());
        }
    }

    private void itemEnded(long itemId, String itemStatus) {
        InputFile input = byItem.get(itemId);
        if (input == null || !(itemStatus.equals("completed") || itemStatus.equals("failed"))
                || !handled.add(itemId)) {
            return;
        }
        try {
            JsonNode answer = target.item(runId, itemId);
            JsonNode item = answer.has("item") ? answer.path("item") : answer;
            if (itemStatus.equals("completed")) {
                completed++;
                for (JsonNode output : item.path("outputs")) {
                    String key = output.path("key").asText();
                    folder.write(input, key.substring(key.lastIndexOf('/') + 1),
                            target.download(output.path("url").asText()));
                }
            } else {
                failed++;
                progress.failed(input.name(), item.path("error").path("code").asText("failed"),
                        item.path("error").path("message").asText(""));
            }
        } catch (IOException | RuntimeException e) {
            notWritten++;
            progress.failed(input.name(), "not_written", "its output could not be fetched or written: "
                    + e.getMessage());
        }
        progress.itemEnded(input.name(), itemStatus, completed + failed, failed);
    }

    private void cancelQuietly() {
        try {
            target.cancel(runId);
        } catch (IOException | RuntimeException e) {
            // Reported by the failure that brought us here.
        }
    }

    /** Ctrl-C (or any other end of the JVM) before the run ended: cancel it, then let the JVM go. */
    private void interrupted() {
        if (finished) {
            return;
        }
        try {
            if (progress != null) {
                progress.close();
            }
            boolean cancelled = target.cancel(runId);
            System.err.println("\nflowrun: interrupted; run " + runId + (cancelled ? " cancelled" : " had ended")
                    + "; outputs so far in " + folder.root());
        } catch (IOException | RuntimeException e) {
            System.err.println("\nflowrun: interrupted; could not cancel run " + runId + ": " + e.getMessage());
        } finally {
            target.close();
        }
    }

    private static String time(double seconds) {
        Duration duration = Duration.ofMillis((long) (seconds * 1000));
        return duration.toMinutes() > 0 ? duration.toMinutes() + "m " + duration.toSecondsPart() + "s"
                : String.format("%.1fs", seconds);
    }
}
