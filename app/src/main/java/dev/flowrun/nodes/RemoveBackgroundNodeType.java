package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;

import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * {@code removeBackground}: makes the backdrop transparent. {@code tolerance} 1–100 (absent = automatic) sets how
 * far from the backdrop colour a pixel may be and still go; {@code feather} 0–20 px (default 1) softens the edge.
 */
public final class RemoveBackgroundNodeType implements NodeType {
    private final BackgroundRemover remover;

    public RemoveBackgroundNodeType() {
        this(new FloodFillBackgroundRemover());
    }

    public RemoveBackgroundNodeType(BackgroundRemover remover) {
        this.remover = remover;
    }

    @Override
    public String type() {
        return "removeBackground";
    }

    @Override
    public Role role() {
        return Role.TRANSFORM;
    }

    @Override
    public Node compile(JsonNode data) throws InvalidNodeData {
        NodeData d = NodeData.of(data);
        OptionalInt tolerance = d.optionalInt("tolerance", 1, 100);
        int feather = d.intOr("feather", 0, 20, 1);
        return new RemoveBackground(remover, tolerance, feather);
    }

    record RemoveBackground(BackgroundRemover remover, OptionalInt tolerance, int feather) implements TransformNode {
        @Override
        public BufferedImage apply(BufferedImage image) throws NodeFailure {
            return remover.remove(image, tolerance, feather);
        }
    }
}
