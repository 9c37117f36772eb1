package dev.flowrun.webhook;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.flowrun.lifecycle.RunStatus;
import dev.flowrun.lifecycle.ErrorInfo;
import java.time.Instant;

/** The body of a {@code run.finished} delivery (README, Webhooks; {@code RunFinished} in openapi.json), frozen when the run first becomes terminal. */
@JsonPropertyOrder({"event", "runId", "workflowId", "workspaceId", "status", "totalItems", "completedItems",
        "failedItems", "startedAt", "finishedAt", "error"})
public record RunFinishedEvent(String event, long runId, long workflowId, long workspaceId, RunStatus status,
                               int totalItems, int completedItems, int failedItems, Instant startedAt,
                               Instant finishedAt, ErrorInfo error) {
    public static final String NAME = "run.finished";
}
