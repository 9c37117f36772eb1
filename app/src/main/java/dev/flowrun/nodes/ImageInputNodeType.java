package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code imageInput}: where each item's file enters the graph. Takes no settings. */
public final class ImageInputNodeType implements NodeType {
    @Override
    public String type() {
        return "imageInput";
    }

    @Override
    public Role role() {
        return Role.INPUT;
    }

    @Override
    public Node compile(JsonNode data) throws InvalidNodeData {
        NodeData.of(data);
        return new InputNode();
    }
}
