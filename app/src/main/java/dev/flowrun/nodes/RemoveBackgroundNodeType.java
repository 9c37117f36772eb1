package dev.flowrun.nodes;

import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.Cutout;
import dev.flowrun.cutout.CutoutFailed;
import dev.flowrun.cutout.RegionCutout;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * {@code removeBackground}: makes the backdrop transparent. {@code method} {@code auto} (default) uses the
 * segmentation model when one is loaded and the classic algorithm otherwise; {@code model} requires the model
 * (refused when the workflow is saved without one); {@code classic} always uses the classic algorithm.
 * {@code tolerance} 1–100 (absent = automatic, classic only) sets how far from the backdrop colour a pixel may be
 * and still go; {@code feather} 0–20 px (default 1) softens the edge. {@code result} {@code cutout} (default) gives
 * the cut-out, {@code mask} the matte itself as an opaque gray image (white = subject). {@code roi} says where the
 * subject is (only what lies inside can be subject); {@code secondLook} (default true) lets the model look again
 * where that tells more, {@code false} takes one look. Either way the node state shows the method that ran and its
 * confidence.
 */
public final class RemoveBackgroundNodeType extends NamedNodeType {
    static final DataField METHOD = DataField.choice("method", "auto", "model", "classic").byDefault("auto")
            .help("`auto`: the segmentation model when FLOWRUN_BG_MODEL is set, the classic algorithm otherwise; "
                    + "`model` without a model configured is refused when the workflow is saved.");
    static final DataField TOLERANCE = DataField.integer("tolerance", 1, 100).defaultIs("automatic")
            .help("Classic only: how far from the backdrop colour a pixel may be and still go.");
    static final DataField FEATHER = DataField.integer("feather", 0, 20).byDefault(1)
            .help("Edge softening in px.");
    static final DataField RESULT = DataField.choice("result", "cutout", "mask").byDefault("cutout")
            .help("`cutout`: the image with the background transparent; `mask`: the matte as an opaque grayscale "
                    + "image, white = subject, black = background, greys = partial.");
    static final DataField ROI = DataField.other("roi", Roi.RULE, """
                    {"type": "object", "required": ["x", "y", "width", "height"], "additionalProperties": false,
                     "properties": {"x": %1$s, "y": %1$s, "width": %1$s, "height": %1$s}}"""
                    .formatted("{\"oneOf\": [{\"type\": \"integer\"}, {\"type\": \"string\", "
                            + "\"pattern\": \"^\\\\d{1,3}(\\\\.\\\\d{1,3})?%$\"}]}"))
            .help("Where the subject is: only what lies inside can be subject, everything outside is background; "
                    + "px or `\"N%\"` of the photo each, clipped to the photo; an empty region is refused.");
    static final DataField SECOND_LOOK = DataField.bool("secondLook").byDefault(true)
            .help("Model only: where its first look is not plainly sure, the model looks again (at the mirrored photo "
                    + "and, for a small subject, at its crop) and the confidence comes from the looks' agreement; "
                    + "`false`: one look, faster, its confidence from that look alone.");
    private final BackgroundRemover classic;
    private final BackgroundRemover model;

    /** {@code model}: the segmentation model's remover, or null when none is loaded. */
    public RemoveBackgroundNodeType(BackgroundRemover classic, BackgroundRemover model) {
        super("removeBackground", Role.TRANSFORM, "Makes the background transparent; the result has an alpha "
                + "channel. The node state shows the method that ran and its confidence.",
                METHOD, TOLERANCE, FEATHER, RESULT, ROI, SECOND_LOOK);
        this.classic = classic;
        this.model = model;
    }

    boolean hasModel() {
        return model != null;
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        String method = d.choice(METHOD);
        OptionalInt tolerance = d.optionalInteger(TOLERANCE);
        int feather = d.integer(FEATHER);
        boolean mask = d.choice(RESULT).equals("mask");
        Roi roi = Roi.parse(d.any(ROI));
        boolean secondLook = d.bool(SECOND_LOOK);
        if (method.equals("model") && model == null) {
            throw new InvalidNodeData("method", "method model needs a segmentation model and none is configured "
                    + "(set FLOWRUN_BG_MODEL, or run: java -jar flowrun.jar model fetch isnet)");
        }
        BackgroundRemover remover = method.equals("classic") || model == null ? classic
                : secondLook ? model : model.withoutSecondLook();
        return new RemoveBackground(remover, tolerance, feather, mask, roi);
    }

    /** {@code roi}: where the subject is, or null for the whole photo. */
    record RemoveBackground(BackgroundRemover remover, OptionalInt tolerance, int feather, boolean mask, Roi roi)
            implements PictureTransform {
        /** Its result, distances, mask, edge levels and alpha: 13 to 14 bytes a pixel with its source. */
        private static final int WORKING_BYTES_PER_PIXEL = 10;

        @Override
        public int workingBytesPerPixel() {
            return WORKING_BYTES_PER_PIXEL;
        }

        /** The photo it came from, carried down in its picture. */
        @Override
        public int carriedBytesPerPixel() {
            return IMAGE_BYTES_PER_PIXEL;
        }

        @Override
        public Transformed transform(Picture picture) throws NodeFailure {
            BufferedImage image = picture.image();
            Cutout cut;
            try {
                if (roi == null) {
                    cut = remover.remove(image, tolerance, feather);
                } else {
                    int[] region = roi.on(image.getWidth(), image.getHeight());
                    if (region[2] <= region[0] || region[3] <= region[1]) {
                        throw new NodeFailure("roi lies outside the " + image.getWidth() + "×" + image.getHeight()
                                + " photo: nothing is left of it to cut out");
                    }
                    cut = RegionCutout.remove(remover, image, region, tolerance, feather);
                }
            } catch (CutoutFailed e) {
                throw new NodeFailure(e.getMessage(), e);
            }
            BufferedImage result = mask ? matte(cut.image()) : cut.image();
            return new Transformed(picture.cutOut(result), new CutoutGrade(cut.method().json(), cut.confidence()));
        }

        /** The cut-out's alpha as an opaque gray image: white where the subject is, black where the backdrop was. */
        private static BufferedImage matte(BufferedImage cutout) {
            int[] px = Pixels.readOnly(cutout);
            BufferedImage gray = Pixels.create(cutout.getWidth(), cutout.getHeight(), false);
            int[] out = Pixels.data(gray);
            for (int i = 0; i < px.length; i++) {
                int a = px[i] >>> 24;
                out[i] = 0xFF000000 | a << 16 | a << 8 | a;
            }
            return gray;
        }
    }
}
