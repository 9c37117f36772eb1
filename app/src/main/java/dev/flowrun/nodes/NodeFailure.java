package dev.flowrun.nodes;

import dev.flowrun.imaging.ResultTooLarge;

/** A node could not process this item's image; the item fails with {@code node_failed} and this message. */
public class NodeFailure extends Exception {
    public NodeFailure(String message) {
        super(message);
    }

    public NodeFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /** What {@code step} makes; a result larger than the service makes fails the node with imaging's reason. */
    static <T> T unlessTooLarge(SizedStep<T> step) throws NodeFailure {
        try {
            return step.make();
        } catch (ResultTooLarge e) {
            throw new NodeFailure(e.getMessage());
        }
    }

    /** A step of a node that makes a picture of a size its data asked for. */
    interface SizedStep<T> {
        T make() throws ResultTooLarge;
    }
}
