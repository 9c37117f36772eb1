package dev.flowrun.nodes;

import dev.flowrun.imaging.Colors;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;

/** {@code fill}: composites the image over an opaque {@code color}, giving an image without alpha. */
public final class FillNodeType extends NamedNodeType {
    private static final String RULE = "a colour written #RRGGBB";

    public FillNodeType() {
        super("fill", Role.TRANSFORM);
    }

    @Override
    public Node compile(NodeData data) throws InvalidNodeData {
        String text = data.optionalString("color", RULE)
                .orElseThrow(() -> NodeData.missing("color", RULE));
        int colour = Colors.parseHex(text, false)
                .orElseThrow(() -> new InvalidNodeData("color", "color must be " + RULE));
        return new Fill(colour);
    }

    /** {@code color} is packed opaque ARGB. */
    record Fill(int color) implements TransformNode {
        @Override
        public BufferedImage apply(BufferedImage image) {
            BufferedImage result = Pixels.create(image.getWidth(), image.getHeight(), false);
            Colors.flatten(Pixels.readOnly(image), Pixels.hasAlpha(image), color, Pixels.data(result));
            return result;
        }
    }
}
