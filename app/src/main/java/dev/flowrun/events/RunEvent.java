package dev.flowrun.events;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.flowrun.lifecycle.RunStatus;

/**
 * One live event of a run as the stream sends it: {@code run} with the run's status, counts and whether it is
 * paused ({@code paused}), or {@code item} with
 * an item's terminal status, name and review mark and the run's counts after it ({@code itemName} and
 * {@code needsReview} are null on {@code run} events).
 */
public record RunEvent(long runId, long id, String name, Long itemId, String itemStatus, String runStatus,
                       int totalItems, int completedItems, int failedItems, String itemName, Boolean needsReview,
                       boolean paused) {

    /** A {@code run} event whose status is terminal: the stream's last. */
    public boolean ends() {
        return name.equals("run") && isTerminal(runStatus);
    }

    static boolean isTerminal(String runStatus) {
        return RunStatus.stored(runStatus).terminal();
    }

    /**
     * The event in Server-Sent Events form, blank line included. The data holds numbers, status words and the item's
     * name, quoted as JSON (a name cannot hold a line break unescaped, so it stays one {@code data:} line).
     */
    public String frame() {
        String data = name.equals("item")
                ? ("{\"runId\":%d,\"itemId\":%d,\"name\":\"%s\",\"status\":\"%s\",\"needsReview\":%s,"
                        + "\"completedItems\":%d,\"failedItems\":%d,\"totalItems\":%d}")
                        .formatted(runId, itemId, quoted(itemName), itemStatus, Boolean.TRUE.equals(needsReview),
                                completedItems, failedItems, totalItems)
                : ("{\"runId\":%d,\"status\":\"%s\",\"totalItems\":%d,\"completedItems\":%d,\"failedItems\":%d,"
                        + "\"paused\":%b}").formatted(runId, runStatus, totalItems, completedItems, failedItems, paused);
        return "id: " + id + "\nevent: " + name + "\ndata: " + data + "\n\n";
    }

    private static String quoted(String text) {
        return new String(JsonStringEncoder.getInstance().quoteAsString(text == null ? "" : text));
    }
}
