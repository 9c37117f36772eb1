package dev.flowrun.nodes;

import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * Background removal for product and studio shots: a subject on a plain or gently graded backdrop that shows
 * along the image border. Steps: fit a {@link BackgroundModel} to the border, measure every pixel's colour
 * distance (ΔE, CIE76) to it, {@link Segmentation segment} by flood fill from the border, then build soft,
 * decontaminated edges with {@link EdgeMatte}. Linear in the number of pixels.
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
    public BufferedImage remove(BufferedImage image, OptionalInt tolerance, int feather) throws NodeFailure {
        int w = image.getWidth();
        int h = image.getHeight();
        int[] src = Pixels.argb(image);
        BufferedImage result = Pixels.create(w, h, true);
        int[] out = Pixels.data(result);
        BackgroundModel model = BackgroundModel.fit(src, w, h);
        if (model == null) { // the border is already transparent: already cut out
            System.arraycopy(src, 0, out, 0, src.length);
            return result;
        }
        float[] distance = model.distances(src);
        float threshold = (float) (tolerance.isPresent() ? tolerance.getAsInt() / 2.0 : autoThreshold(model));
        int[] queue = new int[w * h];
        byte[] mask = Segmentation.foreground(w, h, distance, threshold, queue);
        distance = null; // large; let it go before the matte allocates its buffers
        EdgeMatte.compose(src, mask, w, h, feather, model, queue, out);
        return result;
    }

    static double autoThreshold(BackgroundModel model) {
        return Math.max(MIN_AUTO_THRESHOLD, Math.min(MAX_AUTO_THRESHOLD, AUTO_FACTOR * model.spread()));
    }
}
