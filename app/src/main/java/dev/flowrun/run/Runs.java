package dev.flowrun.run;

import dev.flowrun.lifecycle.RunSignals;
import dev.flowrun.workflow.WorkflowService;

/**
 * The run feature's parts: the service that creates, reads and cancels runs, creates under an {@code Idempotency-Key},
 * and retries of a run's failed items; {@code signals} tells of every cancel, pause and resume.
 */
public record Runs(RunService service, IdempotentCreate creates, RunRetries retries) {

    public static Runs create(RunContext context, WorkflowService workflows, RunQueues queues,
                              RunSignals signals, RunLog log, RunSettings settings) {
        var service = new RunService(context, workflows, queues, signals, log, settings);
        return new Runs(service, new IdempotentCreate(context, service),
                new RunRetries(context, queues.items()));
    }
}
