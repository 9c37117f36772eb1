package dev.flowrun.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.files.FileLayout;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.QuietDeletes;
import dev.flowrun.lifecycle.ClaimedItem;
import dev.flowrun.lifecycle.ItemClaims;
import dev.flowrun.lifecycle.ItemEnd;
import dev.flowrun.lifecycle.ItemFinish;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.lifecycle.ItemTransitions;
import dev.flowrun.lifecycle.RunFinishedListener;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.run.ItemInput;
import dev.flowrun.run.RunViews;
import dev.flowrun.work.WorkBudget;
import dev.flowrun.work.WorkStopped;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one item from start to finish: claims the next one in turn ({@link ItemClaims}), walks the graph, then ends
 * it with {@link ItemTransitions#finish}, fenced by its claim ({@code docs/lifecycle.md}).
 */
final class ItemExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(ItemExecutor.class);
    private final Jdbi jdbi;
    private final ObjectMapper mapper;
    private final RunGraphs graphs;
    private final RunViews views;
    private final ItemTools tools;
    private final FileStore store;
    private final Clock clock;
    private final LongConsumer onRunFinished;
    private final BooleanSupplier stopping;
    private final RunFinishedListener finishedListener;
    private final RunningItems running;
    private final Duration itemTimeout;
    private final Metrics metrics;
    private final NodeStateWriter nodeStates;
    private final ItemClaims claims;
    /** FLOWRUN_REVIEW_BELOW: an item with a cut-out less confident than this needs review. */
    private final double reviewBelow;
    private final ItemFaults faults;

    /** {@code workers}: the state of the worker pool that runs this executor's items. */
    ItemExecutor(EngineContext context, EngineSettings settings, ItemTools tools, RunGraphs graphs, RunEnds ends,
                 WorkerState workers, NodeStateWriter nodeStates) {
        this.jdbi = context.jdbi();
        this.clock = context.clock();
        this.claims = new ItemClaims(context.jdbi(), context.instance(), context.shared());
        this.tools = tools;
        this.mapper = tools.mapper();
        this.store = tools.store();
        this.metrics = tools.metrics();
        this.graphs = graphs;
        this.views = tools.views();
        this.onRunFinished = ends.afterwards();
        this.finishedListener = ends.listener();
        this.stopping = workers.stopping()::isSet;
        this.running = workers.running();
        this.itemTimeout = settings.itemTimeout();
        this.reviewBelow = settings.reviewBelow();
        this.nodeStates = nodeStates;
        this.faults = new ItemFaults(context, tools.disk(), workers);
    }

    /** What the items' faults are judged by, for the pool that claims them. */
    ItemFaults faults() {
        return faults;
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
        try (WorkBudget budget = new WorkBudget(itemTimeout); WorkBudget.Binding bound = budget.bind()) {
            running.add(task.runId(), budget);
            try {
                execute(task, task.inputs());
            } finally {
                running.remove(task.runId(), budget);
            }
        }
    }

    private void execute(ClaimedItem task, String storedInputs) throws InterruptedIOException {
        long started = System.nanoTime();
        Graph graph = graphs.of(task.runId());
        Map<String, ItemInput> inputs = views.inputs(storedInputs);
        NodeStateRecorder recorder = nodeStates.open(task.itemId());
        try {
            execute(task, graph, inputs, recorder, started);
        } finally {
            nodeStates.closed(recorder);
        }
    }

    private void execute(ClaimedItem task, Graph graph, Map<String, ItemInput> inputs,
                         NodeStateRecorder recorder, long started) throws InterruptedIOException {
        var syncs = new ItemFileSyncs(store);
        ItemOutcome outcome;
        try {
            outcome = new GraphWalk(graph, task.runId(), task.itemId(), inputs, recorder, tools, syncs).run();
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
        if (outcome.failed() && stopping.getAsBoolean()) {
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
        finish(task, graphs.of(task.runId()), outcome, null, System.nanoTime());
    }

    /** The database went away under the item before its end could be recorded: it runs again from its start. */
    void giveBack(ClaimedItem task) throws InterruptedIOException {
        faults.giveBack(task, "the database went away while it ran");
    }

    /** {@code recorder} null: the item's node states are left as they are. */
    private void finish(ClaimedItem task, Graph graph, ItemOutcome outcome, NodeStateRecorder recorder,
                        long started) throws InterruptedIOException {
        long runId = task.runId();
        long itemId = task.itemId();
        Instant now = now();
        Double lowest = recorder == null ? null : recorder.lowestConfidence();
        boolean review = lowest != null && lowest < reviewBelow;
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
                ItemTransitions.finish(handle, task, end, outputNodes, now, steps, finishedListener))
                .orElse(ItemFinish.TAKEN_OVER);
        if (result == ItemFinish.DISCARDED) {
            discardFiles(runId, itemId);
        } else if (result == ItemFinish.RUN_FINISHED) {
            graphs.forget(runId);
            onRunFinished.accept(runId);
        } else if (result == ItemFinish.TAKEN_OVER) {
            // Its files are left alone: the attempt that counts writes the same keys, each replaced whole.
            LOG.warn("run {} item {}: finished after its claim was taken over by another instance (or recorded"
                    + " already, just before the database went away); this result is not counted", runId, itemId);
        }
    }

    private void ended(long runId, long itemId, ItemStatus status, ItemOutcome outcome, long started) {
        metrics.itemFinished(status, System.nanoTime() - started);
        if (status == ItemStatus.FAILED) {
            LOG.info("run {} item {} failed: {}: {}", runId, itemId, outcome.errorCode(), outcome.errorMessage());
        }
    }

    private void discardFiles(long runId, long itemId) {
        QuietDeletes.tree(store, FileLayout.outputsFolder(runId, itemId), "run " + runId + " item " + itemId);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
