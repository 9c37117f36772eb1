package dev.flowrun.cutout.model;

import dev.flowrun.imaging.ParallelRows;
import java.util.List;

/**
 * The colour guided filter (He, Sun and Tang, "Guided Image Filtering", 2013), computed on the working grid and
 * applied at full size as in their "Fast Guided Filter" (2015): within every small window the mask is taken as a
 * linear function of the colour, q = a · I + b. The coefficients are smooth, so they are found on the small grid
 * and interpolated; the colour I they multiply is the full-size pixel's own, which puts the mask's edge on the
 * picture's edge rather than on the model's 1024² (or 320²) one.
 */
final class GuidedFilter {
    private GuidedFilter() {
    }

    /** Coefficients (a per channel, then b) for colours on a 0..1 scale. */
    record Coefficients(float[] ar, float[] ag, float[] ab, float[] b) {
        /** The plain (unguided) mask as coefficients: a = 0, b = the mask itself. */
        static Coefficients plain(float[] mask) {
            return new Coefficients(new float[mask.length], new float[mask.length], new float[mask.length], mask);
        }
    }

    /**
     * The coefficients where the cut-out reads them: in the {@link OutlineTiles} that hold or touch a pixel the
     * {@link Trimap} left unknown or a change between its values (the full-size compose reads them only between such
     * pixels); elsewhere the plain mask (a = 0, b = {@code p}). Each run of such tiles is filtered as a picture of
     * its own with a margin of twice the radius, which gives it the same windows as the whole grid: the same values
     * but for the rounding of the running sums, which start elsewhere. Most of a photo's grid is far from the
     * outline.
     */
    static Coefficients nearOutline(int[] guide, float[] p, float[] trimap, int w, int h, int r, float eps) {
        int n = w * h;
        Coefficients c = new Coefficients(new float[n], new float[n], new float[n], p.clone());
        List<int[]> spans = OutlineTiles.spans(trimap, null, w, h);
        ParallelRows.run(spans.size(), 1, (from, to) -> {
            for (int k = from; k < to; k++) {
                filterSpan(guide, p, w, h, r, eps, spans.get(k), c);
            }
        });
        return c;
    }

    /** The coefficients of one span, from the span and a margin of 2r around it (clipped), written into {@code c}. */
    private static void filterSpan(int[] guide, float[] p, int w, int h, int r, float eps, int[] span,
                                   Coefficients c) {
        int sx0 = Math.max(0, span[0] - 2 * r);
        int sy0 = Math.max(0, span[1] - 2 * r);
        int sx1 = Math.min(w, span[2] + 2 * r);
        int sy1 = Math.min(h, span[3] + 2 * r);
        int sw = sx1 - sx0;
        int sh = sy1 - sy0;
        int[] g = new int[sw * sh];
        float[] q = new float[sw * sh];
        for (int y = sy0; y < sy1; y++) {
            System.arraycopy(guide, y * w + sx0, g, (y - sy0) * sw, sw);
            System.arraycopy(p, y * w + sx0, q, (y - sy0) * sw, sw);
        }
        Coefficients part = coefficients(g, q, sw, sh, r, eps);
        int width = span[2] - span[0];
        for (int y = span[1]; y < span[3]; y++) {
            int from = (y - sy0) * sw + span[0] - sx0;
            System.arraycopy(part.ar(), from, c.ar(), y * w + span[0], width);
            System.arraycopy(part.ag(), from, c.ag(), y * w + span[0], width);
            System.arraycopy(part.ab(), from, c.ab(), y * w + span[0], width);
            System.arraycopy(part.b(), from, c.b(), y * w + span[0], width);
        }
    }

    /**
     * @param guide packed RGB, w×h
     * @param p     the mask to filter, w×h, 0..1
     * @param r     window radius in pixels of the grid
     * @param eps   regularisation: larger keeps the mask smoother, smaller follows the colours more closely
     */
    static Coefficients coefficients(int[] guide, float[] p, int w, int h, int r, float eps) {
        int n = w * h;
        float[] red = new float[n];
        float[] green = new float[n];
        float[] blue = new float[n];
        ParallelRows.run(h, 16, (from, to) -> {
            for (int i = from * w; i < to * w; i++) {
                red[i] = (guide[i] >> 16 & 0xFF) / 255f;
                green[i] = (guide[i] >> 8 & 0xFF) / 255f;
                blue[i] = (guide[i] & 0xFF) / 255f;
            }
        });
        float[] mr = BoxMean.of(red, w, h, r);
        float[] mg = BoxMean.of(green, w, h, r);
        float[] mb = BoxMean.of(blue, w, h, r);
        float[] mp = BoxMean.of(p, w, h, r);
        float[] rr = BoxMean.ofProduct(red, red, w, h, r);
        float[] rg = BoxMean.ofProduct(red, green, w, h, r);
        float[] rb = BoxMean.ofProduct(red, blue, w, h, r);
        float[] gg = BoxMean.ofProduct(green, green, w, h, r);
        float[] gb = BoxMean.ofProduct(green, blue, w, h, r);
        float[] bb = BoxMean.ofProduct(blue, blue, w, h, r);
        float[] rp = BoxMean.ofProduct(red, p, w, h, r);
        float[] gp = BoxMean.ofProduct(green, p, w, h, r);
        float[] bp = BoxMean.ofProduct(blue, p, w, h, r);
        float[] ar = red; // the channel planes are no longer needed: their arrays take the coefficients
        float[] ag = green;
        float[] ab = blue;
        float[] b = new float[n];
        ParallelRows.run(h, 16, (from, to) -> {
            for (int i = from * w; i < to * w; i++) {
                double sRR = rr[i] - mr[i] * mr[i] + eps;
                double sRG = rg[i] - mr[i] * mg[i];
                double sRB = rb[i] - mr[i] * mb[i];
                double sGG = gg[i] - mg[i] * mg[i] + eps;
                double sGB = gb[i] - mg[i] * mb[i];
                double sBB = bb[i] - mb[i] * mb[i] + eps;
                double cR = rp[i] - mr[i] * mp[i];
                double cG = gp[i] - mg[i] * mp[i];
                double cB = bp[i] - mb[i] * mp[i];
                // Σ⁻¹ c through the cofactors of the symmetric 3×3 Σ (positive definite thanks to eps).
                double iRR = sGG * sBB - sGB * sGB;
                double iRG = sGB * sRB - sRG * sBB;
                double iRB = sRG * sGB - sGG * sRB;
                double iGG = sRR * sBB - sRB * sRB;
                double iGB = sRB * sRG - sRR * sGB;
                double iBB = sRR * sGG - sRG * sRG;
                double det = sRR * iRR + sRG * iRG + sRB * iRB;
                double a1 = (iRR * cR + iRG * cG + iRB * cB) / det;
                double a2 = (iRG * cR + iGG * cG + iGB * cB) / det;
                double a3 = (iRB * cR + iGB * cG + iBB * cB) / det;
                ar[i] = (float) a1;
                ag[i] = (float) a2;
                ab[i] = (float) a3;
                b[i] = (float) (mp[i] - a1 * mr[i] - a2 * mg[i] - a3 * mb[i]);
            }
        });
        return new Coefficients(BoxMean.of(ar, w, h, r), BoxMean.of(ag, w, h, r), BoxMean.of(ab, w, h, r),
                BoxMean.of(b, w, h, r));
    }
}
