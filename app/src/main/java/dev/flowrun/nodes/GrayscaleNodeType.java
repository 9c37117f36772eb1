package dev.flowrun.nodes;

import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;

/** {@code grayscale}: replaces each colour by its luma (Rec. 601 weights), keeping alpha. */
public final class GrayscaleNodeType extends NamedNodeType {
    public GrayscaleNodeType() {
        super("grayscale", Role.TRANSFORM, "Converts to gray, keeping alpha.");
    }

    @Override
    public Node compile(NodeData data) {
        return new Grayscale();
    }

    record Grayscale() implements TransformNode {
        @Override
        public BufferedImage apply(BufferedImage image) {
            int[] src = Pixels.readOnly(image);
            BufferedImage result = Pixels.create(image.getWidth(), image.getHeight(), Pixels.hasAlpha(image));
            int[] dst = Pixels.data(result);
            for (int i = 0; i < src.length; i++) {
                int p = src[i];
                int y = (299 * (p >> 16 & 0xFF) + 587 * (p >> 8 & 0xFF) + 114 * (p & 0xFF) + 500) / 1000;
                dst[i] = (p & 0xFF000000) | y << 16 | y << 8 | y;
            }
            return result;
        }
    }
}
