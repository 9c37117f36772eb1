package dev.flowrun.nodes;


/** {@code imageInput}: where each item's file enters the graph. Takes no settings. */
public final class ImageInputNodeType extends NamedNodeType {
    public ImageInputNodeType() {
        super("imageInput", Role.INPUT, "Where an item's input file enters.");
    }

    @Override
    public Node compile(NodeData data) {
        return new InputNode();
    }
}
