package dev.flowrun.run;

import java.time.Instant;

/** A row of {@code runs}, without the graph it carries. */
public record RunRow(
        long id,
        long workspaceId,
        long workflowId,
        String name,
        String status,
        String runTrigger,
        String zipUrl,
        String zipLayout,
        String webhookUrl,
        int totalItems,
        int completedItems,
        int failedItems,
        int outputCount,
        String errorCode,
        String errorMessage,
        Instant createdAt,
        Instant updatedAt,
        Instant startedAt,
        Instant finishedAt) {

    public RunStatus runStatus() {
        return RunStatus.parse(status);
    }
}
