package dev.flowrun.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.lifecycle.RunListener;
import dev.flowrun.lifecycle.RunSignal;
import dev.flowrun.lifecycle.ErrorInfo;
import dev.flowrun.lifecycle.RunRow;
import org.jdbi.v3.core.Handle;

/**
 * The webhook's listener of the run-signal: writes the run's one {@code run.finished} event in the transaction that
 * made the run terminal (finished or cancelled), and hands it to the sender only once that transaction has committed.
 */
record WebhookOutbox(ObjectMapper mapper, WebhookSender sender) implements RunListener {

    @Override
    public void during(Handle handle, RunSignal signal) {
        RunRow run = signal.run();
        if (!signal.change().ended() || run.webhookUrl() == null) {
            return;
        }
        sender.owe(handle, run.id(), run.webhookUrl(), payload(run));
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
