package dev.flowrun.nodes;

import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Remap;
import java.awt.image.BufferedImage;
import java.util.function.IntPredicate;

/**
 * {@code trim}: crops to the subject, then adds back {@code padding} pixels on each side (within the image). The
 * subject is an image's visible pixels when it has transparency, else whatever differs from the colour of its
 * border; parts of it apart from the rest and under 1% of its largest part's area (a stray thread, a speck of dust,
 * JPEG noise on a plain backdrop) are left out of the box ({@link SubjectParts}), and in an image with transparency
 * those inside the result are made transparent. If nothing stands out the image is returned unchanged.
 */
public final class TrimNodeType extends NamedNodeType {
    /** Largest per-channel difference from the border colour still counted as background (JPEG noise). */
    static final int COLOUR_TOLERANCE = 20;

    static final DataField PADDING = DataField.integer("padding", 0, 10000).byDefault(0).example(0)
            .help("Pixels kept around the subject on each side (within the image).");

    public TrimNodeType() {
        super("trim", Role.TRANSFORM, "Crops to the bounding box of the subject: the non-transparent pixels (the "
                + "non-background pixels for opaque images), leaving out specks, parts apart from the rest whose area"
                + " is under 1% of the largest part's (pixels touching at a corner count as joined); in an image with"
                + " transparency the specks inside the box are made transparent too.", PADDING);
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
            boolean transparent = Pixels.hasAlpha(image) && anyTransparency(px);
            SubjectParts parts = SubjectParts.of(px, w, h, transparent
                    ? p -> (p >>> 24) > Pixels.EMPTY_ALPHA : differsFromBorder(px, w, h));
            int[] box = parts.box();
            if (box == null) {
                return Transformed.of(picture.with(Pixels.copy(image)));
            }
            int x0 = Math.max(0, box[0] - padding);
            int y0 = Math.max(0, box[1] - padding);
            int x1 = Math.min(w - 1, box[2] + padding);
            int y1 = Math.min(h - 1, box[3] + padding);
            BufferedImage cropped = Remap.crop(image, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
            if (transparent) {
                parts.clearSpecks(Pixels.data(cropped), x0, y0, cropped.getWidth(), cropped.getHeight());
            }
            return Transformed.of(picture.cropped(cropped, picture.frameSides().cropped(x0, y0, x1 + 1, y1 + 1, w, h), x0, y0));
        }

        private static boolean anyTransparency(int[] px) {
            for (int p : px) {
                if ((p >>> 24) != 255) {
                    return true;
                }
            }
            return false;
        }

        private static IntPredicate differsFromBorder(int[] px, int w, int h) {
            int bg = BorderColour.dominant(px, w, h);
            int br = bg >> 16 & 0xFF;
            int bgG = bg >> 8 & 0xFF;
            int bb = bg & 0xFF;
            return p -> Math.abs((p >> 16 & 0xFF) - br) > COLOUR_TOLERANCE
                    || Math.abs((p >> 8 & 0xFF) - bgG) > COLOUR_TOLERANCE
                    || Math.abs((p & 0xFF) - bb) > COLOUR_TOLERANCE;
        }
    }
}
