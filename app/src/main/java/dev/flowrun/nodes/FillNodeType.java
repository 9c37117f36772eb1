package dev.flowrun.nodes;

import dev.flowrun.imaging.Colors;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;

/** {@code fill}: composites the image over an opaque {@code color}, giving an image without alpha. */
public final class FillNodeType extends NamedNodeType {
    static final DataField COLOR = DataField.color("color").mandatory().example("#FFFFFF")
            .help("The colour behind the image.");

    public FillNodeType() {
        super("fill", Role.TRANSFORM, "Flattens transparency onto the colour.", COLOR);
    }

    @Override
    public Node compile(NodeData data) throws InvalidNodeData {
        return new Fill(data.color(COLOR).getAsInt());
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
