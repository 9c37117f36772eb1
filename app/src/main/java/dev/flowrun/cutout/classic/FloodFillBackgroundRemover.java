package dev.flowrun.cutout.classic;

import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.Cutout;
import dev.flowrun.cutout.CutoutMethod;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.work.WorkBudget;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * Background removal for product and studio shots: a subject on a plain, graded or lightly textured backdrop that
 * shows along the image border. Steps, each linear in the number of pixels:
 * <ol>
 * <li>fit a {@link BackgroundModel} to the border (a smooth colour surface, robust to a subject touching it);</li>
 * <li>measure every pixel's colour distance to it, ΔE ({@link BackdropDistances});</li>
 * <li>{@link Segmentation segment}: flood fill from the border through backdrop-close pixels, then the subject's
 *     soft shadow, empty enclosed holes, and specks;</li>
 * <li>{@link EdgeMatte}: alpha along the outline from each pixel's mix of subject and backdrop colour, edge
 *     colours cleaned of the backdrop, {@code feather}.</li>
 * </ol>
 *
 * <p>Threshold (ΔE below which a pixel counts as backdrop): {@code tolerance / 2}, so 1 → 0.5 (only near-exact
 * matches), 20 → 10, 100 → 50 (anything short of a clearly different colour). Without a tolerance it is
 * {@value #AUTO_FACTOR} × the border's 90th-percentile distance to the fitted backdrop (comfortably above
 * sensor and JPEG noise, which would otherwise leave specks), at least {@value #MIN_AUTO_THRESHOLD} (a
 * just-noticeable difference is about 2.3, so this still keeps light-gray subjects on white) and at most
 * {@value #MAX_AUTO_THRESHOLD} (a very busy border means there is no clean backdrop to follow anyway).
 */
public final class FloodFillBackgroundRemover implements BackgroundRemover {
    static final double MIN_AUTO_THRESHOLD = 6;
    static final double MAX_AUTO_THRESHOLD = 30;
    static final double AUTO_FACTOR = 2.5;

    @Override
    public Cutout remove(BufferedImage image, OptionalInt tolerance, int feather) {
        int w = image.getWidth();
        int h = image.getHeight();
        boolean opaque = !Pixels.hasAlpha(image);
        int[] src = Pixels.readOnly(image); // no copy: at 50 MP every full-size array is 200 MB
        BufferedImage result = Pixels.create(w, h, true);
        int[] out = Pixels.data(result);
        BackgroundModel model = BackgroundModel.fit(src, w, h, opaque);
        if (model == null) { // the border is already transparent: already cut out
            System.arraycopy(src, 0, out, 0, src.length);
            return new Cutout(result, CutoutMethod.CLASSIC, 1);
        }
        WorkBudget.check();
        byte[] distance = BackdropDistances.of(model, src, opaque);
        double deltaE = tolerance.isPresent() ? tolerance.getAsInt() / 2.0 : autoThreshold(model);
        int threshold = (int) Math.max(1, Math.round(deltaE * BackdropDistances.DISTANCE_SCALE));
        // The result's own pixel array is the scratch space of the steps before it is written.
        byte[] mask = Segmentation.foreground(src, opaque, w, h, distance, threshold, model, out);
        distance = null; // large; let it go before the matte allocates its buffers
        WorkBudget.check();
        double confidence = ClassicConfidence.of(model, mask);
        EdgeMatte.compose(src, opaque, mask, w, h, feather, model, out);
        return new Cutout(result, CutoutMethod.CLASSIC, confidence);
    }

    static double autoThreshold(BackgroundModel model) {
        return Math.max(MIN_AUTO_THRESHOLD, Math.min(MAX_AUTO_THRESHOLD, AUTO_FACTOR * model.spread()));
    }
}
