package dev.flowrun.run;

import dev.flowrun.error.InvalidRequest;
import dev.flowrun.lifecycle.Priority;
import dev.flowrun.lifecycle.RunStatus;

/** The filters of the list-runs endpoint; null means "any". {@code paused}: paused runs only, or unpaused only. */
public record RunFilter(long workspaceId, RunStatus status, Long workflowId, Boolean paused, Priority priority) {

    public RunFilter(long workspaceId, RunStatus status, Long workflowId) {
        this(workspaceId, status, workflowId, null, null);
    }

    public static RunFilter parse(long workspaceId, String status, String workflowId, String paused,
                                  String priority) {
        RunStatus parsedStatus = null;
        if (status != null) {
            parsedStatus = RunStatus.parse(status);
            if (parsedStatus == null) {
                throw new InvalidRequest("status",
                        "status must be one of queued, running, completed, failed, partial, cancelled");
            }
        }
        Long parsedWorkflowId = null;
        if (workflowId != null) {
            try {
                parsedWorkflowId = Long.parseLong(workflowId.strip());
            } catch (NumberFormatException e) {
                parsedWorkflowId = 0L;
            }
            if (parsedWorkflowId < 1) {
                throw new InvalidRequest("workflowId", "workflowId must be a positive whole number");
            }
        }
        Boolean parsedPaused = null;
        if (paused != null) {
            parsedPaused = switch (paused.strip()) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new InvalidRequest("paused", "paused must be true or false");
            };
        }
        Priority parsedPriority = null;
        if (priority != null) {
            parsedPriority = Priority.parse(priority.strip());
            if (parsedPriority == null) {
                throw new InvalidRequest("priority", "priority must be one of high, normal, low");
            }
        }
        return new RunFilter(workspaceId, parsedStatus, parsedWorkflowId, parsedPaused, parsedPriority);
    }
}
