package dev.flowrun.events;

import java.util.Set;

/**
 * One live event of a run as the stream sends it: {@code run} with the run's status and counts, or {@code item} with
 * an item's terminal status and the run's counts after it.
 */
public record RunEvent(long runId, long id, String name, Long itemId, String itemStatus, String runStatus,
                       int totalItems, int completedItems, int failedItems) {
    private static final Set<String> TERMINAL = Set.of("completed", "partial", "failed", "cancelled");

    /** A {@code run} event whose status is terminal: the stream's last. */
    public boolean ends() {
        return name.equals("run") && isTerminal(runStatus);
    }

    static boolean isTerminal(String runStatus) {
        return TERMINAL.contains(runStatus);
    }

    /** The event in Server-Sent Events form, blank line included. The data holds only numbers and status words. */
    public String frame() {
        String data = name.equals("item")
                ? "{\"runId\":%d,\"itemId\":%d,\"status\":\"%s\",\"completedItems\":%d,\"failedItems\":%d,\"totalItems\":%d}"
                        .formatted(runId, itemId, itemStatus, completedItems, failedItems, totalItems)
                : "{\"runId\":%d,\"status\":\"%s\",\"totalItems\":%d,\"completedItems\":%d,\"failedItems\":%d}"
                        .formatted(runId, runStatus, totalItems, completedItems, failedItems);
        return "id: " + id + "\nevent: " + name + "\ndata: " + data + "\n\n";
    }
}
