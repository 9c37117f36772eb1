package dev.flowrun.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.flowrun.files.FileLayout;
import dev.flowrun.files.LocalFile;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.imaging.ImageRejected;
import dev.flowrun.input.DownloadFailed;
import dev.flowrun.lifecycle.NodeStatus;
import dev.flowrun.lifecycle.OutputRow;
import dev.flowrun.nodes.NodeFailure;
import dev.flowrun.nodes.OutputNode;
import dev.flowrun.nodes.Picture;
import dev.flowrun.nodes.TransformNode;
import dev.flowrun.nodes.Transformed;
import dev.flowrun.lifecycle.ItemInput;
import dev.flowrun.work.WorkBudget;
import dev.flowrun.work.WorkStopped;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Executes the graph for one item: each input node's file is fetched and decoded, then flows down that
 * node's tree. A failing node fails the item and marks every node below it {@code skipped}; other trees go on.
 * Knows nothing of node types beyond the three roles, so a new node type needs no change here. {@code outcome}
 * is filled as the walk goes, and is what {@link #run} returns.
 *
 * <p>The walk holds only the images still needed: a result is kept by the steps of its children that have not run
 * yet and is let go when its last child has run, in the order {@link WalkPlan} chose; and it runs without
 * recursion, however deep the graph. Before an input's photo is decoded, the item reserves pixel memory for the
 * most its tree holds at once ({@link WalkPlan#bytesPerPixel}).
 */
record GraphWalk(Graph graph, long runId, long itemId, Map<String, ItemInput> inputs, NodeStateRecorder recorder,
                 ItemTools tools, ItemFileSyncs syncs, ItemOutcome outcome) {

    ItemOutcome run() throws InterruptedIOException {
        WalkPlan plan = new WalkPlan(graph);
        for (GraphNode inputNode : graph.inputNodes()) {
            ItemInput input = inputs.get(inputNode.id());
            recorder.start(inputNode.id());
            long started = System.nanoTime();
            BufferedImage image;
            try {
                // A zip run's inputs were extracted into the store when its archive was read: nothing to fetch.
                if (input.sourceUrl() != null) {
                    tools.fetcher().fetch(input.sourceUrl(), input.key());
                    syncs.add(input.key());
                }
                WorkBudget.current().sharePerPixel(plan.bytesPerPixel(inputNode));
                try (LocalFile file = tools.store().local(input.key())) {
                    image = tools.decoder().decode(file.path());
                }
            } catch (StorageUnavailable e) {
                timed(inputNode, started);
                failAndSkip(inputNode, "storage_unavailable", input.fileName() + ": " + e.getMessage());
                continue;
            } catch (DownloadFailed e) {
                timed(inputNode, started);
                failAndSkip(inputNode, "download_failed", e.getMessage());
                continue;
            } catch (ImageRejected e) {
                timed(inputNode, started);
                failAndSkip(inputNode, e.code(), input.fileName() + ": " + e.getMessage());
                continue;
            } catch (InterruptedIOException e) {
                throw e;
            } catch (IOException e) {
                timed(inputNode, started);
                failAndSkip(inputNode, "unsupported_media", input.fileName() + " could not be read: " + e.getMessage());
                continue;
            } catch (WorkStopped e) {
                failAndSkip(inputNode, "node_failed", input.fileName() + ": " + e.getMessage());
                throw e; // only a cancel (or a stop) ends an input's download or decoding this way
            } catch (RuntimeException | Error e) {
                // Out of memory while decoding, say: the item fails as a node would, not as a bad file.
                Thread.interrupted();
                failAndSkip(inputNode, "node_failed", input.fileName() + " could not be decoded: " + reason(e));
                continue;
            }
            timed(inputNode, started);
            recorder.finish(inputNode.id(), NodeStatus.COMPLETED, List.of(input.key()));
            Deque<Step> steps = new ArrayDeque<>();
            push(steps, plan.children(inputNode), Picture.photo(image, tools.remoteImages(runId)));
            image = null; // from here on the steps of its children hold the photo, and let it go after the last
            walk(steps, plan, input.fileName());
        }
        outcome.sortOutputs(graph.executionOrder());
        return outcome;
    }

    /** A node still to run, with the picture it is given. */
    private record Step(GraphNode node, Picture picture) {
    }

    /** Children pushed last-first, so that they run in the plan's order. */
    private static void push(Deque<Step> steps, List<GraphNode> children, Picture picture) {
        for (int i = children.size() - 1; i >= 0; i--) {
            steps.push(new Step(children.get(i), picture));
        }
    }

    private void walk(Deque<Step> steps, WalkPlan plan, String inputName) {
        while (!steps.isEmpty()) {
            Step made = run(steps.pop(), inputName);
            if (made != null) {
                push(steps, plan.children(made.node()), made.picture());
            }
        }
    }

    /** Runs one node; answers what a transform made for its children, null for an output or a failure. */
    private Step run(Step step, String inputName) {
        GraphNode node = step.node();
        recorder.start(node.id());
        long started = System.nanoTime();
        Transformed result = null;
        String key = null;
        try {
            WorkBudget.check(); // between nodes too: a cancel or the time limit found before the next begins
            if (node.compiled() instanceof TransformNode transform) {
                result = transform.transform(step.picture());
            } else if (node.compiled() instanceof OutputNode output) {
                key = writeOutput(node, output, step.picture().image(), inputName);
            }
            if (Thread.interrupted()) {
                throw new NodeFailure("the node left its thread interrupted");
            }
        } catch (WorkStopped e) {
            Thread.interrupted();
            failAndSkip(node, "node_failed", "node '" + node.id() + "' (" + node.type().type() + ") "
                    + e.getMessage());
            if (e.cancelled()) {
                throw e; // nothing more of this item is wanted
            }
            return null;
        } catch (StorageUnavailable e) {
            timed(node, started);
            failAndSkip(node, "storage_unavailable", "node '" + node.id() + "' (" + node.type().type()
                    + "): its file could not be stored: " + e.getMessage());
            return null;
        } catch (NodeFailure | IOException | RuntimeException | Error e) {
            StorageUnavailable away = StorageUnavailable.in(e);
            if (away != null) { // a node that needed the store (an image it fetched) met it away: wait as for a file
                timed(node, started);
                failAndSkip(node, "storage_unavailable", "node '" + node.id() + "' (" + node.type().type()
                        + "): the file store is away: " + away.getMessage());
                return null;
            }
            // An Error (out of memory, stack overflow) fails its node like anything else: the item's other
            // branches and the worker go on. The interrupt flag is cleared either way, or the database calls
            // that record the failure would fail too; a stop, the only deliberate interrupt, still shows as
            // a failed outcome, which ItemExecutor then leaves for the next start.
            Thread.interrupted();
            timed(node, started);
            failAndSkip(node, "node_failed", "node '" + node.id() + "' (" + node.type().type() + "): " + reason(e));
            return null;
        }
        timed(node, started);
        if (result == null) {
            recorder.finish(node.id(), NodeStatus.COMPLETED, key == null ? List.of() : List.of(key));
            return null;
        }
        recorder.finish(node.id(), NodeStatus.COMPLETED, List.of(), result.grade());
        if (result.grade() != null) {
            tools.metrics().cutoutConfidence(result.grade().method(), result.grade().confidence());
        }
        return new Step(node, result.picture());
    }

    private void timed(GraphNode node, long started) {
        tools.metrics().node(node.type().type(), System.nanoTime() - started);
    }

    private static String reason(Throwable e) {
        String name = e.getClass().getSimpleName();
        if (e instanceof Error) {
            return e.getMessage() == null ? name : name + ": " + e.getMessage();
        }
        return e.getMessage() == null ? name : e.getMessage();
    }

    private String writeOutput(GraphNode node, OutputNode output, BufferedImage image, String inputName)
            throws IOException {
        String fileName = OutputNames.fileName(inputName, output.extension(), graph.outputNodes().size() > 1
                ? node.labelOrId() : null);
        String key = FileLayout.output(runId, itemId, node.id(), OutputNames.baseName(fileName));
        tools.store().writeUnsynced(key, out -> output.write(image, out));
        syncs.add(key);
        List<String> chain = graph.pathTo(node.id()).stream().map(GraphNode::chainName).toList();
        outcome.addOutput(new OutputRow(0, runId, itemId, node.id(), key, fileName, json(chain)));
        return key;
    }

    private void failAndSkip(GraphNode node, String code, String message) {
        recorder.finish(node.id(), NodeStatus.FAILED, List.of());
        outcome.fail(code, message);
        skipBelow(node);
    }

    private void skipBelow(GraphNode node) {
        Deque<GraphNode> below = new ArrayDeque<>(graph.children(node.id()));
        while (!below.isEmpty()) {
            GraphNode child = below.pop();
            recorder.skip(child.id());
            graph.children(child.id()).forEach(below::push);
        }
    }

    private String json(List<String> values) {
        try {
            return tools.mapper().writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a list of strings always serialises", e);
        }
    }
}
