package dev.flowrun.run;

import dev.flowrun.lifecycle.RunRow;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.lifecycle.RunChange;
import dev.flowrun.lifecycle.RunListener;
import dev.flowrun.lifecycle.RunSignal;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.work.LogContext;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's life in the log and the metrics (README, Operating it): created, paused, resumed, finished. A listener of the
 * run-signal that writes only once the change has committed, with the run as its transaction left it.
 */
public final class RunLog implements RunListener {
    private static final Logger LOG = LoggerFactory.getLogger(RunLog.class);
    private final Metrics metrics;

    public RunLog(Metrics metrics) {
        this.metrics = metrics;
    }

    void created(RunRow run, String workflowName, boolean zip) {
        metrics.runCreated();
        try (var ids = LogContext.run(run.id())) {
            LOG.info("run {} created: workflow {} '{}', {}, trigger {}, workspace {}", run.id(), run.workflowId(),
                    workflowName, zip ? "items from a zip archive" : run.totalItems() + " items", run.runTrigger(),
                    run.workspaceId());
        }
    }

    /** Items that were still queued when their run was cancelled: they end without a worker. */
    void cancelledQueued(int count) {
        metrics.itemsEnded(ItemStatus.CANCELLED, count);
    }

    @Override
    public void after(RunSignal signal) {
        RunRow run = signal.run();
        switch (signal.change()) {
            case FINISHED, CANCELLED -> finished(run);
            case PAUSED, RESUMED -> {
                try (var ids = LogContext.run(run.id())) {
                    LOG.info("run {} {}: {} of {} items ended so far", run.id(),
                            signal.change() == RunChange.PAUSED ? "paused" : "resumed",
                            run.completedItems() + run.failedItems(), run.totalItems());
                }
            }
        }
    }

    private void finished(RunRow run) {
        metrics.runFinished(run.status());
        Duration took = run.finishedAt() == null ? Duration.ZERO : Duration.between(run.createdAt(), run.finishedAt());
        try (var ids = LogContext.run(run.id())) {
            LOG.info("run {} finished: {}, {} items: {} completed, {} failed, {} cancelled; {} s after it was created{}",
                    run.id(), run.status().json(), run.totalItems(), run.completedItems(), run.failedItems(),
                    run.totalItems() - run.completedItems() - run.failedItems(), seconds(took),
                    run.errorCode() == null ? "" : "; error " + run.errorCode() + ": " + run.errorMessage());
        }
    }

    private static String seconds(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.3f", duration.toMillis() / 1000.0);
    }
}
