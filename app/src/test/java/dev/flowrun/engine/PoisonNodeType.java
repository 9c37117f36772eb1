package dev.flowrun.engine;

import dev.flowrun.nodes.DataField;
import dev.flowrun.nodes.InvalidNodeData;
import dev.flowrun.nodes.NodeData;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.TransformNode;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code poison}: a node that does to its worker thread what a broken library might, chosen by {@code data.kind}:
 * {@code oom}, {@code stackOverflow}, {@code error} (a plain {@link Error}), or {@code interrupt} (sets the
 * thread's interrupt flag and returns as if nothing happened). Every call first waits, up to a few seconds, for
 * {@code rendezvous} callers at once, so that a test can be sure each worker of the pool takes a dose.
 */
final class PoisonNodeType {
    private final CyclicBarrier barrier;

    private static final DataField KIND = DataField.text("kind", "a string", "{\"type\": \"string\"}")
            .help("What to do to the worker thread.");

    PoisonNodeType(int rendezvous) {
        this.barrier = new CyclicBarrier(rendezvous);
    }

    /** The service's catalogue plus this node. */
    NodeCatalogue withStandardTypes() {
        return StandardPlus.withTransform("poison", this::compile, KIND);
    }

    private TransformNode compile(NodeData data) throws InvalidNodeData {
        String kind = data.text(KIND).orElse("");
        return image -> {
            meet();
            switch (kind) {
                case "oom" -> throw new OutOfMemoryError("poison: Java heap space");
                case "stackOverflow" -> recurse(0);
                case "error" -> throw new Error("poison: a plain Error");
                case "interrupt" -> Thread.currentThread().interrupt();
                default -> throw new IllegalArgumentException("unknown poison " + kind);
            }
            return image;
        };
    }

    private void meet() {
        try {
            barrier.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (BrokenBarrierException | TimeoutException e) {
            // Fewer callers than expected: the test's own checks say whether that matters.
        }
    }

    private static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }
}
