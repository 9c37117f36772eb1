package dev.flowrun.nodes;

import dev.flowrun.imaging.Remap;
import java.awt.image.BufferedImage;

/** {@code flip}: mirrors the image; {@code horizontal} swaps left and right, {@code vertical} top and bottom. */
public final class FlipNodeType extends NamedNodeType {
    static final DataField DIRECTION = DataField.choice("direction", "horizontal", "vertical").mandatory()
            .example("horizontal").help("`horizontal` swaps left and right, `vertical` top and bottom.");

    public FlipNodeType() {
        super("flip", Role.TRANSFORM, "Mirrors.", DIRECTION);
    }

    @Override
    public Node compile(NodeData data) throws InvalidNodeData {
        String direction = data.choice(DIRECTION);
        return new Flip(direction.equals("horizontal"));
    }

    record Flip(boolean horizontal) implements TransformNode {
        @Override
        public BufferedImage apply(BufferedImage image) {
            return horizontal ? Remap.flipHorizontal(image) : Remap.flipVertical(image);
        }

        @Override
        public Transformed transform(Picture picture) {
            return Transformed.of(picture.reshaped(apply(picture.image()), picture.frameSides().flipped(horizontal)));
        }
    }
}
