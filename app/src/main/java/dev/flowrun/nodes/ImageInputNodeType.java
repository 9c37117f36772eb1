package dev.flowrun.nodes;


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
    public Node compile(NodeData data) {
        return new InputNode();
    }
}
