package dev.flowrun.run;

import dev.flowrun.error.InvalidRequest;
import dev.flowrun.lifecycle.RunStatus;

/** The filters of the list-runs endpoint; null means "any". */
public record RunFilter(long workspaceId, RunStatus status, Long workflowId) {

    public static RunFilter parse(long workspaceId, String status, String workflowId) {
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
        return new RunFilter(workspaceId, parsedStatus, parsedWorkflowId);
    }
}
