package dev.flowrun.nodes;

import dev.flowrun.imaging.Remap;
import dev.flowrun.imaging.ResultTooLarge;
import dev.flowrun.imaging.Scaler;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * {@code resize}: scales to {@code width} and/or {@code height}. With one side given the other follows the aspect
 * ratio. With both, {@code fit} decides: {@code contain} fits inside the box, {@code cover} fills it and crops the
 * overflow from the centre, {@code fill} stretches. Unless {@code upscale} is true no side is ever enlarged.
 */
public final class ResizeNodeType extends NamedNodeType {
    static final int MAX_SIDE = 20000;
    static final DataField WIDTH = DataField.integer("width", 1, MAX_SIDE).example(512)
            .help("Target width in px; at least one of width and height.");
    static final DataField HEIGHT = DataField.integer("height", 1, MAX_SIDE)
            .help("Target height in px; with one side only, the other follows the aspect ratio.");
    static final DataField FIT = DataField.choice("fit", "contain", "cover", "fill").byDefault("contain")
            .example("contain").help("With both sides: fit inside, cover and crop the overflow, or stretch.");
    static final DataField UPSCALE = DataField.bool("upscale").byDefault(false)
            .help("Whether a side may grow.");

    public ResizeNodeType() {
        super("resize", Role.TRANSFORM, "Scales the image.", WIDTH, HEIGHT, FIT, UPSCALE);
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        OptionalInt width = d.optionalInteger(WIDTH);
        OptionalInt height = d.optionalInteger(HEIGHT);
        Fit fit = Fit.valueOf(d.choice(FIT).toUpperCase());
        boolean upscale = d.bool(UPSCALE);
        if (width.isEmpty() && height.isEmpty()) {
            throw new InvalidNodeData("width", "width or height (or both) is required, as an integer from 1 to "
                    + MAX_SIDE);
        }
        return new Resize(width.orElse(0), height.orElse(0), fit, upscale);
    }

    enum Fit { CONTAIN, COVER, FILL }

    /** A side of 0 means "not given: follow the aspect ratio". */
    record Resize(int width, int height, Fit fit, boolean upscale) implements TransformNode {
        @Override
        public BufferedImage apply(BufferedImage image) throws NodeFailure {
            return NodeFailure.unlessTooLarge(() -> resized(image));
        }

        private BufferedImage resized(BufferedImage image) throws ResultTooLarge {
            int w = image.getWidth();
            int h = image.getHeight();
            double sx = width > 0 ? (double) width / w : (double) height / h;
            double sy = height > 0 ? (double) height / h : sx;
            if (width == 0) {
                sx = sy;
            }
            if (width > 0 && height > 0 && fit != Fit.FILL) {
                double s = fit == Fit.CONTAIN ? Math.min(sx, sy) : Math.max(sx, sy);
                sx = s;
                sy = s;
            }
            if (!upscale) {
                sx = Math.min(sx, 1);
                sy = Math.min(sy, 1);
            }
            // A side given for contain/fill is a hard bound; rounding must not overshoot it.
            int tw = Scaler.clampRound(w * sx, fit == Fit.COVER || width == 0 ? Integer.MAX_VALUE : width);
            int th = Scaler.clampRound(h * sy, fit == Fit.COVER || height == 0 ? Integer.MAX_VALUE : height);
            if (width > 0 && height > 0 && fit == Fit.COVER) {
                return cover(image, tw, th);
            }
            return Scaler.scale(image, tw, th);
        }

        /** {@code cover} cuts the overflowing sides off: those are no longer the photo's frame. */
        @Override
        public Transformed transform(Picture picture) throws NodeFailure {
            BufferedImage in = picture.image();
            BufferedImage out = apply(in);
            FrameSides sides = picture.frameSides();
            if (fit == Fit.COVER) {
                double sx = (double) out.getWidth() / in.getWidth();
                double sy = (double) out.getHeight() / in.getHeight();
                boolean narrowed = sx < sy * 0.99;
                boolean shortened = sy < sx * 0.99;
                sides = new FrameSides(sides.top() && !shortened, sides.right() && !narrowed,
                        sides.bottom() && !shortened, sides.left() && !narrowed);
            }
            return Transformed.of(picture.reshaped(out, sides));
        }

        /** Scales to {@code tw}×{@code th} (at least the box where not capped), then centre-crops to the box. */
        private BufferedImage cover(BufferedImage image, int tw, int th) throws ResultTooLarge {
            if (upscale || (tw >= width && th >= height)) {
                tw = Math.max(tw, width);
                th = Math.max(th, height);
            }
            BufferedImage scaled = Scaler.scale(image, tw, th);
            int cw = Math.min(width, tw);
            int ch = Math.min(height, th);
            if (cw == tw && ch == th) {
                return scaled;
            }
            return Remap.crop(scaled, (tw - cw) / 2, (th - ch) / 2, cw, ch);
        }
    }
}
