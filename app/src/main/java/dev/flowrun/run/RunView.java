package dev.flowrun.run;

import dev.flowrun.lifecycle.ErrorInfo;
import dev.flowrun.lifecycle.Priority;
import dev.flowrun.lifecycle.RunStatus;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * A run as every response shows it: all fields of {@code Run} in openapi.json always present ({@code null} when not known
 * yet), except {@code outputArchiveUrl}, which is left out while there is no archive, and
 * {@code retryOf}, the run a retry was made from, present only on retries. {@code paused} is a mark beside the status
 * (a paused run is still {@code queued} or {@code running}), {@code pausedAt} null unless it is paused.
 */
@JsonPropertyOrder({"id", "name", "status", "totalItems", "completedItems", "failedItems", "workflowId", "workspaceId",
        "trigger", "outputArchiveUrl", "createdAt", "updatedAt", "startedAt", "finishedAt", "error", "reviewItems",
        "retryOf", "paused", "pausedAt", "priority"})
public record RunView(
        long id,
        String name,
        RunStatus status,
        int totalItems,
        int completedItems,
        int failedItems,
        long workflowId,
        long workspaceId,
        String trigger,
        @JsonInclude(JsonInclude.Include.NON_NULL) String outputArchiveUrl,
        Instant createdAt,
        Instant updatedAt,
        Instant startedAt,
        Instant finishedAt,
        ErrorInfo error,
        int reviewItems,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long retryOf,
        boolean paused,
        Instant pausedAt,
        Priority priority) {
}
