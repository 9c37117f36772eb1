package dev.flowrun.workflow;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flowrun.nodes.Node;
import dev.flowrun.nodes.NodeType;

/** One checked node of a graph: its JSON as stored, and the compiled node that runs it. */
public record GraphNode(String id, NodeType type, ObjectNode position, ObjectNode data, Node compiled) {

    /** The name a file's {@code processedNodeChain} shows for this node: its label, or else its type. */
    public String chainName() {
        var label = data.get("label");
        return label != null && label.isTextual() && !label.asText().isBlank() ? label.asText() : type.type();
    }

    public String labelOrId() {
        var label = data.get("label");
        return label != null && label.isTextual() && !label.asText().isBlank() ? label.asText() : id;
    }
}
