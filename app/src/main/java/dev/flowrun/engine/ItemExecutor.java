package dev.flowrun.engine;

import dev.flowrun.files.FileLayout;
import dev.flowrun.files.QuietDeletes;
import dev.flowrun.lifecycle.ClaimedItem;
import dev.flowrun.lifecycle.ItemClaims;
import dev.flowrun.lifecycle.ItemEnd;
import dev.flowrun.lifecycle.ItemFinish;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.lifecycle.ItemTransitions;
import dev.flowrun.lifecycle.ItemInput;
import dev.flowrun.lifecycle.RunSignals;
import dev.flowrun.work.WorkBudget;
import dev.flowrun.work.WorkStopped;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import dev.flowrun.workflow.WorkflowService;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one item from start to finish: claims the next one in turn ({@link ItemClaims}), walks the graph, then ends
 * it with {@link ItemTransitions#finish}, fenced by its claim ({@code docs/lifecycle.md}).
 */
final class ItemExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(ItemExecutor.class);
    private static final String STORAGE_UNAVAILABLE = "storage_unavailable";
    private final EngineContext context;
    private final EngineSettings settings;
    private final ItemTools tools;
    private final RunGraphs graphs;
    private final RunSignals signals;
    private final WorkerState workers;
    private final NodeStateWriter nodeStates;
    private final ItemClaims claims;
    private final ItemFaults faults;

    /** {@code workers}: the state of the worker pool that runs this executor's items. */
    ItemExecutor(EngineContext context, EngineSettings settings, ItemTools tools, WorkflowService workflows,
                 RunSignals signals, WorkerState workers, NodeStateWriter nodeStates) {
        this.context = context;
        this.settings = settings;
        this.tools = tools;
        this.graphs = new RunGraphs(context.jdbi(), workflows);
        this.signals = signals;
        this.workers = workers;
        this.nodeStates = nodeStates;
        this.claims = new ItemClaims(context.jdbi(), context.instance(), context.shared());
        this.faults = new ItemFaults(context, tools.disk(), workers, tools.store(), settings.storageOutageLimit());
    }

    /** What the items' faults are judged by, for the pool that claims them. */
    ItemFaults faults() {
        return faults;
    }

    /** Unblocks items stuck in I/O (their downloads) when the grace period of a stop is over. */
    void abortInFlight() {
        tools.fetcher().cancelAll();
    }

    /** Claims the next queued item in turn, on any run; empty when none is queued. */
    Optional<ClaimedItem> claimNext() {
        return claims.next(now());
    }

    /**
     * Executes a claimed item under a budget of {@code itemTimeout} that a cancel of its run stops early; the pixel
     * memory it reserved is given back at its end.
     */
    void execute(ClaimedItem task) throws InterruptedIOException {
        try (WorkBudget budget = new WorkBudget(settings.itemTimeout()); WorkBudget.Binding bound = budget.bind()) {
            workers.running().add(task.runId(), budget);
            try {
                execute(task, task.inputs());
            } finally {
                workers.running().remove(task.runId(), budget);
            }
        }
    }

    private void execute(ClaimedItem task, String storedInputs) throws InterruptedIOException {
        long started = System.nanoTime();
        Graph graph = graphs.of(task.runId());
        Map<String, ItemInput> inputs = tools.inputs().read(storedInputs);
        NodeStateRecorder recorder = nodeStates.open(task.itemId());
        try {
            execute(task, graph, inputs, recorder, started);
        } finally {
            nodeStates.closed(recorder);
        }
    }

    private void execute(ClaimedItem task, Graph graph, Map<String, ItemInput> inputs,
                         NodeStateRecorder recorder, long started) throws InterruptedIOException {
        var syncs = new ItemFileSyncs(tools.store());
        ItemOutcome outcome;
        try {
            outcome = new GraphWalk(graph, task.runId(), task.itemId(), inputs, recorder, tools, syncs,
                    new ItemOutcome()).run();
        } catch (InterruptedIOException e) {
            throw e;
        } catch (WorkStopped e) {
            // The run was cancelled (its status already says so: the outcome is discarded below) or the service
            // is stopping (the item is left for the next start).
            outcome = new ItemOutcome();
            outcome.fail("node_failed", e.getMessage());
        } catch (RuntimeException | Error e) {
            // A node that throws past GraphWalk's own handling (an Error, say) fails only its item.
            LOG.error("run {} item {}: unexpected failure", task.runId(), task.itemId(), e);
            outcome = new ItemOutcome();
            outcome.fail("node_failed", "the item could not be processed: " + e);
        }
        if (outcome.failed() && workers.stopping().isSet()) {
            // The failure may be the shutdown itself (an aborted download): the item runs again at next start.
            throw new InterruptedIOException("stopped while executing");
        }
        try {
            syncs.await();
        } catch (InterruptedIOException e) {
            throw e;
        } catch (IOException e) {
            LOG.error("run {} item {}: its files could not be synced to disk", task.runId(), task.itemId(), e);
            outcome.fail("node_failed", "the item's files could not be saved to disk: " + e.getMessage());
        }
        if (outcome.failed() && faults.diskFull(outcome.errorMessage())) {
            // Not the item's fault: it runs again once there is room (README, "Faults").
            faults.giveBack(task, "the data directory is full");
            return;
        }
        if (STORAGE_UNAVAILABLE.equals(outcome.errorCode()) && faults.storeAway(outcome.errorMessage())) {
            // Nor is a store that cannot be reached: it runs again once the store answers (decision 0033).
            faults.giveBack(task, "the file store cannot be reached");
            return;
        }
        finish(task, graph, outcome, recorder, started);
    }

    /**
     * Records an item as failed when its worker met something it could not handle at all; its message names the
     * kind of failure only (what it said, with any statement or id in it, is in the log).
     */
    void failUnexpectedly(ClaimedItem task, Throwable cause) throws InterruptedIOException {
        var outcome = new ItemOutcome();
        outcome.fail("node_failed", "the item could not be processed because of an internal error ("
                + cause.getClass().getSimpleName() + "); the service has logged it");
        if (finish(task, graphs.of(task.runId()), outcome, null, System.nanoTime()) != ItemFinish.TAKEN_OVER) {
            discardFiles(task.runId(), task.itemId()); // whatever it wrote is no output of a failed item
        }
    }

    /** The item could not be ended here ({@code why}: the database went away under it, say): it runs again. */
    void giveBack(ClaimedItem task, String why) throws InterruptedIOException {
        faults.giveBack(task, why);
    }

    /** {@code recorder} null: the item's node states are left as they are. */
    private ItemFinish finish(ClaimedItem task, Graph graph, ItemOutcome outcome, NodeStateRecorder recorder,
                              long started) throws InterruptedIOException {
        long runId = task.runId();
        long itemId = task.itemId();
        Instant now = now();
        Double lowest = recorder == null ? null : recorder.lowestConfidence();
        boolean review = lowest != null && lowest < settings.reviewBelow();
        ItemEnd end = new ItemEnd(outcome.failed() ? ItemStatus.FAILED : ItemStatus.COMPLETED, outcome.errorCode(),
                outcome.errorMessage(), outcome.outputs(), review);
        List<String> outputNodes = graph.outputNodes().stream().map(GraphNode::id).toList();
        var steps = new ItemTransitions.FinishSteps() {
            @Override
            public void writeNodeStates(Handle handle) {
                if (recorder != null) {
                    recorder.writeUnwritten(handle);
                }
            }

            @Override
            public void ended(Handle handle, ItemStatus status) {
                handle.afterCommit(() -> ItemExecutor.this.ended(runId, itemId, status, outcome, started));
            }
        };
        ItemFinish result = faults.untilRecorded().run(task, handle ->
                ItemTransitions.finish(handle, task, end, outputNodes, now, steps, signals))
                .orElse(ItemFinish.TAKEN_OVER);
        if (result == ItemFinish.DISCARDED) {
            discardFiles(runId, itemId);
        } else if (result == ItemFinish.RUN_FINISHED) {
            graphs.forget(runId);
        } else if (result == ItemFinish.TAKEN_OVER) {
            // Its files are left alone: the attempt that counts writes the same keys, each replaced whole.
            LOG.warn("run {} item {}: finished after its claim was taken over by another instance (or recorded"
                    + " already, just before the database went away); this result is not counted", runId, itemId);
        }
        return result;
    }

    private void ended(long runId, long itemId, ItemStatus status, ItemOutcome outcome, long started) {
        tools.metrics().itemFinished(status, System.nanoTime() - started);
        if (status == ItemStatus.FAILED) {
            LOG.info("run {} item {} failed: {}: {}", runId, itemId, outcome.errorCode(), outcome.errorMessage());
        }
    }

    private void discardFiles(long runId, long itemId) {
        QuietDeletes.tree(tools.store(), FileLayout.outputsFolder(runId, itemId), "run " + runId + " item " + itemId);
    }

    private Instant now() {
        return context.clock().instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
