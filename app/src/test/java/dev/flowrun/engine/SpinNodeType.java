package dev.flowrun.engine;

import dev.flowrun.nodes.NodeData;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.TransformNode;
import dev.flowrun.work.WorkBudget;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code spin}: a node whose work never ends on its own, like an expensive computation on a hostile input: it looks
 * at its item's budget every millisecond, as this service's loops do, until that stops it.
 */
final class SpinNodeType {
    private final AtomicInteger spinning = new AtomicInteger();

    /** Items inside the node right now. */
    int spinning() {
        return spinning.get();
    }

    NodeCatalogue withStandardTypes() {
        return StandardPlus.withTransform("spin", this::compile);
    }

    private TransformNode compile(NodeData data) {
        return image -> {
            spinning.incrementAndGet();
            try {
                while (true) {
                    WorkBudget.check();
                    LockSupport.parkNanos(1_000_000);
                }
            } finally {
                spinning.decrementAndGet();
            }
        };
    }
}
