package dev.flowrun.nodes;

/** A node could not process this item's image; the item fails with {@code node_failed} and this message. */
public class NodeFailure extends Exception {
    public NodeFailure(String message) {
        super(message);
    }

    public NodeFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
