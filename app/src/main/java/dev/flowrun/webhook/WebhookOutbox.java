package dev.flowrun.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.lifecycle.DeliveryTransitions;
import dev.flowrun.lifecycle.RunFinishedListener;
import dev.flowrun.run.ErrorInfo;
import dev.flowrun.run.RunDao;
import dev.flowrun.run.RunRow;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jdbi.v3.core.Handle;

/**
 * Writes the run's one {@code run.finished} event in the transaction that made the run terminal, and hands
 * it to the sender only once that transaction has committed.
 */
public final class WebhookOutbox implements RunFinishedListener {
    private final ObjectMapper mapper;
    private final WebhookSender sender;
    private final Clock clock;

    public WebhookOutbox(ObjectMapper mapper, WebhookSender sender, Clock clock) {
        this.mapper = mapper;
        this.sender = sender;
        this.clock = clock;
    }

    @Override
    public void runFinished(Handle handle, long runId) {
        RunRow run = handle.attach(RunDao.class).findRun(runId).orElseThrow();
        if (run.webhookUrl() == null) {
            return;
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        handle.attach(DeliveryTransitions.class).queue(runId, run.webhookUrl(), payload(run), now, sender.instanceId());
        handle.afterCommit(() -> sender.schedule(runId, now));
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
