package dev.flowrun.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.lifecycle.RunFinishedListener;
import dev.flowrun.lifecycle.ErrorInfo;
import dev.flowrun.lifecycle.RunRows;
import dev.flowrun.lifecycle.RunRow;
import org.jdbi.v3.core.Handle;

/**
 * Writes the run's one {@code run.finished} event in the transaction that made the run terminal, and hands
 * it to the sender only once that transaction has committed.
 */
record WebhookOutbox(ObjectMapper mapper, WebhookSender sender) implements RunFinishedListener {

    @Override
    public void runFinished(Handle handle, long runId) {
        RunRow run = handle.attach(RunRows.class).findRun(runId).orElseThrow();
        if (run.webhookUrl() == null) {
            return;
        }
        sender.owe(handle, runId, run.webhookUrl(), payload(run));
    }

    private String payload(RunRow run) {
        var event = new RunFinishedEvent(RunFinishedEvent.NAME, run.id(), run.workflowId(), run.workspaceId(),
                run.status(), run.totalItems(), run.completedItems(), run.failedItems(), run.startedAt(),
                run.finishedAt(), ErrorInfo.of(run.errorCode(), run.errorMessage()));
        try {
            return mapper.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event always serialises", e);
        }
    }
}
