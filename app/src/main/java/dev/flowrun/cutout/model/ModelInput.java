package dev.flowrun.cutout.model;

import dev.flowrun.imaging.ParallelRows;
import dev.flowrun.imaging.Scaler;

/**
 * What the model and the edge steps see of a picture: small copies, never full-size float arrays (a 50 MP input
 * costs the same here as a 1 MP one).
 *
 * <p>Aspect ratio: the picture is squeezed to the model's square, as IMG.LY and rembg feed ISNet and U²-Net and
 * as DIS trains ISNet (every training image resized to 1024×1024); letterboxing would spend a wide picture's
 * model pixels on padding the model never saw in training. The mask is stretched back, so it lines up.
 *
 * <p>Transparency: pixels are composited over white first, so what is already transparent reads as an empty
 * backdrop (the colours ImageIO keeps under alpha 0 are arbitrary); the cut-out's alpha is later multiplied by
 * the input's, so existing transparency stays. Gray and 16-bit files arrive as 8-bit RGB from the decoder.
 */
final class ModelInput {
    /** Longest side of the grid the edge steps work on (the guide and the coefficient planes). */
    static final int WORK_SIZE = 1024;

    private ModelInput() {
    }

    /** The model's input: {@code family.size()}² pixels, area-averaged or bilinear, normalised, NCHW. */
    static float[] tensor(int[] argb, int w, int h, boolean alpha, ModelFamily family) {
        int s = family.size();
        int[] small = new int[s * s];
        Scaler.resampleInParallel(argb, w, h, small, s, s, alpha);
        return normalised(small, alpha, family);
    }

    /** The model's input ({@link #tensor}) and the {@link #guide} on a {@code gw}×{@code gh} grid. */
    record Inputs(float[] tensor, int[] guide) {
    }

    /** {@link #tensor} and {@link #guide} from one pass over the picture: the same values, its rows read once. */
    static Inputs tensorAndGuide(int[] argb, int w, int h, boolean alpha, ModelFamily family, int gw, int gh) {
        int s = family.size();
        int[] small = new int[s * s];
        int[] guide = new int[gw * gh];
        Scaler.resampleTwiceInParallel(argb, w, h, alpha, small, s, s, guide, gw, gh);
        return new Inputs(normalised(small, alpha, family), overWhite(guide, alpha));
    }

    private static float[] normalised(int[] small, boolean alpha, ModelFamily family) {
        int s = family.size();
        int plane = s * s;
        float[] tensor = new float[3 * plane];
        ParallelRows.run(s, 16, (from, to) -> {
            for (int i = from * s; i < to * s; i++) {
                int p = alpha ? overWhite(small[i]) : small[i];
                tensor[i] = family.normalise(p >> 16 & 0xFF, 0);
                tensor[plane + i] = family.normalise(p >> 8 & 0xFF, 1);
                tensor[2 * plane + i] = family.normalise(p & 0xFF, 2);
            }
        });
        return tensor;
    }

    /** The picture at the working grid's size ({@link #workSize}), over white, as packed RGB. */
    static int[] guide(int[] argb, int w, int h, boolean alpha, int gw, int gh) {
        int[] guide = new int[gw * gh];
        Scaler.resampleInParallel(argb, w, h, guide, gw, gh, alpha);
        return overWhite(guide, alpha);
    }

    private static int[] overWhite(int[] guide, boolean alpha) {
        if (alpha) {
            for (int i = 0; i < guide.length; i++) {
                guide[i] = overWhite(guide[i]);
            }
        }
        return guide;
    }

    /** Width and height of the working grid: the picture itself, or shrunk to {@link #WORK_SIZE} on its long side. */
    static int[] workSize(int w, int h) {
        double s = Math.min(1.0, (double) WORK_SIZE / Math.max(w, h));
        return new int[] {Math.max(1, (int) Math.round(w * s)), Math.max(1, (int) Math.round(h * s))};
    }

    /** An ARGB pixel composited over white, opaque. */
    static int overWhite(int argb) {
        int a = argb >>> 24;
        if (a == 255) {
            return argb;
        }
        int white = (255 - a) * 255;
        int r = ((argb >> 16 & 0xFF) * a + white + 127) / 255;
        int g = ((argb >> 8 & 0xFF) * a + white + 127) / 255;
        int b = ((argb & 0xFF) * a + white + 127) / 255;
        return 0xFF000000 | r << 16 | g << 8 | b;
    }
}
