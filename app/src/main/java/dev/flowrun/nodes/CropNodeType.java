package dev.flowrun.nodes;

import dev.flowrun.imaging.Remap;
import java.awt.image.BufferedImage;

/**
 * {@code crop}: keeps the rectangle at ({@code x}, {@code y}) of {@code width}×{@code height}. The rectangle is
 * clipped to the image, so one workflow can crop inputs of different sizes; only a rectangle that misses the
 * image entirely is an error.
 */
public final class CropNodeType extends NamedNodeType {
    static final DataField X = DataField.integer("x", 0, Integer.MAX_VALUE).mandatory().example(0)
            .help("Left edge of the rectangle, in px.");
    static final DataField Y = DataField.integer("y", 0, Integer.MAX_VALUE).mandatory().example(0)
            .help("Top edge of the rectangle, in px.");
    static final DataField WIDTH = DataField.integer("width", 1, Integer.MAX_VALUE).mandatory().example(512)
            .help("Width of the rectangle, in px.");
    static final DataField HEIGHT = DataField.integer("height", 1, Integer.MAX_VALUE).mandatory().example(512)
            .help("Height of the rectangle, in px.");

    public CropNodeType() {
        super("crop", Role.TRANSFORM, "Cuts a rectangle (clipped to the image).", X, Y, WIDTH, HEIGHT);
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        return new Crop(
d.integer(X), d.integer(Y), d.integer(WIDTH), d.integer(HEIGHT));
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
            return Transformed.of(picture.cropped(Remap.crop(image, x, y, right - x, bottom - y),
                    picture.frameSides().cropped(x, y, right, bottom, w, h), x, y));
        }
    }
}
