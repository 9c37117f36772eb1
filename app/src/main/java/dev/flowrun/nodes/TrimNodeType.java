package dev.flowrun.nodes;

import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Remap;
import java.awt.image.BufferedImage;

/**
 * {@code trim}: crops away empty margins, then adds back {@code padding} pixels on each side (within the image).
 * An image with transparency is trimmed to its visible pixels; an opaque one to whatever differs from the colour
 * of its border. If nothing stands out the image is returned unchanged.
 */
public final class TrimNodeType extends NamedNodeType {
    /** Largest per-channel difference from the border colour still counted as background (JPEG noise). */
    static final int COLOUR_TOLERANCE = 20;

    static final DataField PADDING = DataField.integer("padding", 0, 10000).byDefault(0).example(0)
            .help("Pixels kept around the subject on each side (within the image).");

    public TrimNodeType() {
        super("trim", Role.TRANSFORM, "Crops to the bounding box of the subject: the non-transparent pixels (the "
                + "non-background pixels for opaque images).", PADDING);
    }

    @Override
    public Node compile(NodeData data) throws InvalidNodeData {
        return new Trim(data.integer(PADDING));
    }

    record Trim(int padding) implements PictureTransform {
        /** The sides the crop did not move inwards stay frame sides (a subject cut by the photo's frame). */
        @Override
        public Transformed transform(Picture picture) {
            BufferedImage image = picture.image();
            int w = image.getWidth();
            int h = image.getHeight();
            int[] px = Pixels.readOnly(image);
            Box box = Pixels.hasAlpha(image) && anyTransparency(px)
                    ? Box.of(px, w, h, p -> (p >>> 24) > Pixels.EMPTY_ALPHA)
                    : opaqueBox(px, w, h);
            if (box == null) {
                return Transformed.of(picture.with(Pixels.copy(image)));
            }
            int x0 = Math.max(0, box.x0 - padding);
            int y0 = Math.max(0, box.y0 - padding);
            int x1 = Math.min(w - 1, box.x1 + padding);
            int y1 = Math.min(h - 1, box.y1 + padding);
            return Transformed.of(new Picture(Remap.crop(image, x0, y0, x1 - x0 + 1, y1 - y0 + 1),
                    picture.frameSides().cropped(x0, y0, x1 + 1, y1 + 1, w, h)));
        }

        private static boolean anyTransparency(int[] px) {
            for (int p : px) {
                if ((p >>> 24) != 255) {
                    return true;
                }
            }
            return false;
        }

        private static Box opaqueBox(int[] px, int w, int h) {
            int bg = BorderColour.dominant(px, w, h);
            int br = bg >> 16 & 0xFF;
            int bgG = bg >> 8 & 0xFF;
            int bb = bg & 0xFF;
            return Box.of(px, w, h, p -> Math.abs((p >> 16 & 0xFF) - br) > COLOUR_TOLERANCE
                    || Math.abs((p >> 8 & 0xFF) - bgG) > COLOUR_TOLERANCE
                    || Math.abs((p & 0xFF) - bb) > COLOUR_TOLERANCE);
        }
    }

    /** Inclusive bounds of the pixels that pass a test. */
    private record Box(int x0, int y0, int x1, int y1) {
        interface Test {
            boolean keep(int argb);
        }

        static Box of(int[] px, int w, int h, Test test) {
            int x0 = w;
            int y0 = h;
            int x1 = -1;
            int y1 = -1;
            for (int y = 0, i = 0; y < h; y++) {
                for (int x = 0; x < w; x++, i++) {
                    if (test.keep(px[i])) {
                        x0 = Math.min(x0, x);
                        x1 = Math.max(x1, x);
                        y0 = Math.min(y0, y);
                        y1 = y;
                    }
                }
            }
            return x1 < 0 ? null : new Box(x0, y0, x1, y1);
        }
    }
}
