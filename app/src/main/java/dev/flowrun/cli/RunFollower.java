package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.lifecycle.RunStatus;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One run of the run command, from its create request to its summary: follows the live events, writes each
 * completed item's outputs as soon as it ends (so an interrupted folder keeps what was done), prints each failed
 * item, and cancels the run if the command is interrupted (Ctrl-C) before it ends.
 */
final class RunFollower {
    private final Target target;
    private final OutputFolder folder;
    private final List<InputFile> inputs;
    private final List<Unreadable> unreadable;
    private final boolean terminal;
    private final boolean quiet;
    private final ReviewList review;
    private final Map<Long, InputFile> byItem = new HashMap<>();
    private final Set<Long> handled = ConcurrentHashMap.newKeySet();
    /** Held while an item is reported, so that Ctrl-C takes the screen between two items, never inside one. */
    private final ReentrantLock reporting = new ReentrantLock();
    private volatile boolean finished;
    /** Ctrl-C came: from then on only the shutdown hook prints (the cancel and the summary). */
    private volatile boolean interrupted;
    private Progress progress;
    private long started;
    private long runId;
    private int completed;
    private int failed;
    private volatile String status = RunStatus.QUEUED.json();

    RunFollower(Target target, OutputFolder folder, List<InputFile> inputs, List<Unreadable> unreadable,
            boolean terminal, boolean quiet, ReviewList review) {
        this.target = target;
        this.folder = folder;
        this.inputs = inputs;
        this.unreadable = unreadable;
        this.terminal = terminal;
        this.quiet = quiet;
        this.review = review;
    }

    int run(long workflowId, String workflowName, FormBody form, String skipped) throws Exception {
        started = System.nanoTime();
        if (!quiet) {
            System.out.println("flowrun: sending " + inputs.size() + " image(s) to \"" + workflowName + "\" "
                    + target.where() + skipped + (unreadable.isEmpty() ? "" : "; " + unreadable.size()
                    + " unreadable"));
        }
        progress = Progress.open(inputs.size() + unreadable.size(), terminal, quiet, System.out, System.err);
        unreadable.forEach(this::unreadable);
        if (inputs.isEmpty()) {
            progress.close();
            System.out.println("flowrun: nothing to send: " + summary());
            return 1;
        }
        runId = target.create(workflowId, form).path("id").asLong();
        Thread hook = new Thread(this::interrupted, "flowrun-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            form.unreadable().forEach(this::unreadable);
            mapItems(form.sent());
            target.follow(runId, this::event);
            catchUp();
        } catch (Exception | Error e) {
            awaitTheEndIfInterrupted();
            // The command gives up on the run: it is cancelled rather than left running unwatched.
            cancelQuietly();
            throw e;
        } finally {
            end();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            awaitTheEndIfInterrupted();
        }
        review.finish(System.out); // the list above the summary: the summary stays the last line, however long
        System.out.println("flowrun: run " + runId + " " + status + ": " + summary());
        return failed == 0 && status.equals(RunStatus.COMPLETED.json()) ? 0 : 1;
    }

    /** The command's own end; after Ctrl-C it is the hook's to print, and this thread waits for the JVM to go. */
    private void end() {
        reporting.lock();
        try {
            if (!interrupted) {
                finished = true;
                progress.close();
            }
        } finally {
            reporting.unlock();
        }
        awaitTheEndIfInterrupted();
    }

    private void awaitTheEndIfInterrupted() {
        while (interrupted) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                // The JVM halts once its shutdown hooks are done; nothing here is left to say.
            }
        }
    }

    private String summary() {
        double seconds = (System.nanoTime() - started) / 1e9;
        return String.format("%d completed, %d failed, %d needing review in %s (%.1f items/s); outputs in %s",
                completed, failed, review.items(), time(seconds), (completed + failed) / Math.max(seconds, 0.001),
                folder.root());
    }

    /** Items are listed in the order they were sent: the n-th is the n-th input. */
    private void mapItems(List<InputFile> sent) throws IOException {
        int index = 0;
        for (int page = 1; index < sent.size(); page++) {
            JsonNode items = target.runPage(runId, page).path("items");
            if (items.isEmpty()) {
                throw new IOException("run " + runId + " lists " + index + " items of " + sent.size() + " sent");
            }
            for (JsonNode item : items) {
                byItem.put(item.path("id").asLong(), sent.get(index++));
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
        boolean counted = itemStatus.equals(ItemStatus.COMPLETED.json()) || itemStatus.equals(ItemStatus.FAILED.json());
        if (input == null || !counted || !handled.add(itemId)) {
            return;
        }
        reporting.lock();
        try {
            if (!interrupted) {
                report(runId, itemId, input, itemStatus);
            }
        } finally {
            reporting.unlock();
        }
    }

    /** One ended item: its outputs written and counted completed, or one failed line (its own or not_written). */
    private void report(long runId, long itemId, InputFile input, String itemStatus) {
        String code;
        String message;
        try {
            JsonNode answer = target.item(runId, itemId);
            JsonNode item = answer.has("item") ? answer.path("item") : answer;
            if (itemStatus.equals(ItemStatus.COMPLETED.json())) {
                boolean needsReview = item.path("needsReview").asBoolean(false);
                for (JsonNode output : item.path("outputs")) {
                    String key = output.path("key").asText();
                    review.written(folder.write(input, key.substring(key.lastIndexOf('/') + 1),
                            target.download(output.path("url").asText())), needsReview);
                }
                completed++;
                if (needsReview) {
                    review.item();
                }
                progress.itemEnded(input.name(), itemStatus, completed + failed, failed);
                return;
            }
            code = item.path("error").path("code").asText("failed");
            message = item.path("error").path("message").asText("");
        } catch (IOException | RuntimeException e) {
            if (interrupted) {
                return;
            }
            code = "not_written";
            message = "its output could not be fetched or written: " + e.getMessage();
        }
        failed(input.name(), code, message);
    }

    private void unreadable(Unreadable input) {
        failed(input.name(), "unreadable", input.message());
    }

    private void failed(String name, String code, String message) {
        failed++;
        progress.failed(name, code, message);
        progress.itemEnded(name, ItemStatus.FAILED.json(), completed + failed, failed);
    }

    private void cancelQuietly() {
        try {
            target.cancel(runId);
        } catch (IOException | RuntimeException e) {
            // Reported by the failure that brought us here.
        }
    }

    /**
     * Ctrl-C (or any other end of the JVM) before the run ended: waits for an item being written to be done, then
     * cancels the run and prints that and the summary, and only then stops the engine: nothing the ending engine
     * answers reaches the screen.
     */
    private void interrupted() {
        if (finished) {
            return;
        }
        boolean locked = false;
        try {
            locked = reporting.tryLock(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (finished) {
                return;
            }
            interrupted = true;
            folder.abandon();
            progress.close();
            String cancelled;
            try {
                cancelled = target.cancel(runId) ? " cancelled" : " had ended";
            } catch (IOException | RuntimeException e) {
                cancelled = " could not be cancelled: " + e.getMessage();
            }
            System.err.println("\nflowrun: interrupted; run " + runId + cancelled);
            finishReview();
            System.out.println("flowrun: run " + runId + " interrupted: " + summary());
            System.out.flush();
        } finally {
            if (locked) {
                reporting.unlock();
            }
            target.close();
        }
    }

    /** The review list of the items done before Ctrl-C; a list that cannot be written is said, not thrown. */
    private void finishReview() {
        try {
            review.finish(System.out);
        } catch (IOException e) {
            System.err.println("flowrun: could not write " + folder.root().resolve(ReviewList.FILE) + ": "
                    + e.getMessage());
        }
    }

    private static String time(double seconds) {
        Duration duration = Duration.ofMillis((long) (seconds * 1000));
        return duration.toMinutes() > 0 ? duration.toMinutes() + "m " + duration.toSecondsPart() + "s"
                : String.format("%.1fs", seconds);
    }
}
