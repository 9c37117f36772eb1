package dev.flowrun.engine;

import dev.flowrun.nodes.Node;
import dev.flowrun.nodes.TransformNode;
import dev.flowrun.work.PixelMemory;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How an item's walk goes down each input node's tree, and the most it holds at once there. The walk keeps a
 * node's result while some child of it has not run yet, so children run in the order that keeps least waiting:
 * the child whose subtree holds most runs last, once its parent's image need not wait for anyone else (outputs
 * first, then the transforms). What a tree holds is counted in bytes per pixel of its input photo, from what each
 * node says it allocates ({@link Node#workingBytesPerPixel}), keeps ({@link TransformNode#resultBytesPerPixel}) and
 * hands down to its whole subtree ({@link TransformNode#carriedBytesPerPixel}, the photo behind a cut-out):
 * at any moment, the results still waiting for children, plus the source and the allocations of the node running.
 * A node that makes a larger image than its input (an upscale, a larger canvas) is counted at its input's size.
 * Computed without recursion: a graph saved before the node limit may be thousands of nodes deep.
 */
final class WalkPlan {
    private final Map<String, List<GraphNode>> order = new HashMap<>();
    /** Per node: the most its subtree holds besides the node's own source, from the node's start to its end. */
    private final Map<String, Integer> span = new HashMap<>();
    /** Per node: the most its subtree holds once the node itself has run (its source given back). */
    private final Map<String, Integer> below = new HashMap<>();
    private final Graph graph;

    WalkPlan(Graph graph) {
        this.graph = graph;
        List<GraphNode> topDown = graph.executionOrder();
        for (int i = topDown.size() - 1; i >= 0; i--) {
            plan(topDown.get(i));
        }
    }

    /** The node's children in the order the walk runs them. */
    List<GraphNode> children(GraphNode node) {
        return order.getOrDefault(node.id(), List.of());
    }

    /**
     * Bytes per pixel of an input node's photo that its tree needs at its peak, decoding included: what the item
     * reserves from {@link PixelMemory} before the photo is decoded.
     */
    int bytesPerPixel(GraphNode input) {
        return Math.max(PixelMemory.BYTES_PER_PIXEL, below.getOrDefault(input.id(), 0));
    }

    private void plan(GraphNode node) {
        List<GraphNode> children = new ArrayList<>(graph.children(node.id()));
        children.sort(Comparator.comparingInt(child -> span.get(child.id())));
        order.put(node.id(), List.copyOf(children));
        int result = node.compiled() instanceof TransformNode transform ? transform.resultBytesPerPixel()
                : Node.IMAGE_BYTES_PER_PIXEL;
        int peak = 0;
        for (int i = 0; i < children.size(); i++) {
            GraphNode child = children.get(i);
            boolean last = i == children.size() - 1;
            // Before the last child, this node's result waits for the others through the child's whole subtree;
            // the last child has it only as its source while it runs.
            peak = Math.max(peak, last
                    ? Math.max(result + working(child), below.get(child.id()))
                    : result + span.get(child.id()));
        }
        if (node.compiled() instanceof TransformNode transform && !children.isEmpty()) {
            peak += transform.carriedBytesPerPixel(); // alive until its whole subtree has run
        }
        below.put(node.id(), peak);
        span.put(node.id(), Math.max(working(node), peak));
    }

    private static int working(GraphNode node) {
        return node.compiled() == null ? Node.IMAGE_BYTES_PER_PIXEL : node.compiled().workingBytesPerPixel();
    }
}
