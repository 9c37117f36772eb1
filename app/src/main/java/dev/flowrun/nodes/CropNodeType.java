package dev.flowrun.nodes;

import dev.flowrun.imaging.Remap;
import java.awt.image.BufferedImage;

/**
 * {@code crop}: keeps the rectangle at ({@code x}, {@code y}) of {@code width}×{@code height}. The rectangle is
 * clipped to the image, so one workflow can crop inputs of different sizes; only a rectangle that misses the
 * image entirely is an error.
 */
public final class CropNodeType extends NamedNodeType {
    public CropNodeType() {
        super("crop", Role.TRANSFORM);
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        return new Crop(
                d.requiredInt("x", 0, Integer.MAX_VALUE),
                d.requiredInt("y", 0, Integer.MAX_VALUE),
                d.requiredInt("width", 1, Integer.MAX_VALUE),
                d.requiredInt("height", 1, Integer.MAX_VALUE));
    }

    record Crop(int x, int y, int width, int height) implements PictureTransform {
        @Override
        public Transformed transform(Picture picture) throws NodeFailure {
            BufferedImage image = picture.image();
            int w = image.getWidth();
            int h = image.getHeight();
            if (x >= w || y >= h) {
                throw new NodeFailure("the crop rectangle starting at " + x + "," + y
                        + " lies outside the " + w + "×" + h + " image");
            }
            int right = (int) Math.min(w, (long) x + width);
            int bottom = (int) Math.min(h, (long) y + height);
            return Transformed.of(new Picture(Remap.crop(image, x, y, right - x, bottom - y),
                    picture.frameSides().cropped(x, y, right, bottom, w, h)));
        }
    }
}
