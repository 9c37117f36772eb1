package dev.flowrun.cutout.model;

import dev.flowrun.imaging.ParallelRows;

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
