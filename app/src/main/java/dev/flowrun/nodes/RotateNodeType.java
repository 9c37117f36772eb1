package dev.flowrun.nodes;

import dev.flowrun.imaging.Remap;
import java.awt.image.BufferedImage;

/** {@code rotate}: turns the image clockwise by {@code degrees} (90, 180 or 270), exactly. */
public final class RotateNodeType extends NamedNodeType {
    static final DataField DEGREES = DataField.choice("degrees", 90, 180, 270).mandatory().example(90)
            .help("Clockwise, exactly.");

    public RotateNodeType() {
        super("rotate", Role.TRANSFORM, "Rotates clockwise.", DEGREES);
    }

    @Override
    public Node compile(NodeData data) throws InvalidNodeData {
        return new Rotate(data.intChoice(DEGREES));
    }

    record Rotate(int degrees) implements TransformNode {
        @Override
        public BufferedImage apply(BufferedImage image) {
            return Remap.rotateClockwise(image, degrees);
        }

        @Override
        public Transformed transform(Picture picture) {
            return Transformed.of(picture.reshaped(apply(picture.image()), picture.frameSides().rotatedClockwise(degrees)));
        }
    }
}
