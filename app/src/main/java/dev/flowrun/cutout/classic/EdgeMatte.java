package dev.flowrun.cutout.classic;

import dev.flowrun.imaging.Pixels;
import dev.flowrun.work.WorkBudget;

/**
 * Turns a hard foreground mask into the final ARGB pixels: alpha along the outline estimated from colour, edge
 * colours cleaned of the backdrop that bled into them (decontamination), and {@code feather} softening.
 *
 * <p>Along the outline ({@link EdgeBand}), each pixel is taken as a mix o = a·f + (1 − a)·b of a subject colour f
 * and a backdrop colour b (the nearest clean ones); a, the subject's coverage, is the projection of o − b on
 * f − b. That puts the edge where the subject really covers half a pixel, even when lens blur or JPEG smears it
 * over several (the mask, cut at a low threshold, sits on its outer side), and gives anti-aliased alpha. A colour
 * far off the line between f and b (JPEG's colour bleed, a printed rim) is judged by its distance from b instead;
 * where f and b are too alike to tell, the mask is kept as it is. Coverage never falls going inward (nor rises
 * going outward): a pixel is at least as opaque as its neighbour nearer the outline, so a highlight or a
 * backdrop-coloured print just inside a solid rim stays solid.
 *
 * <p>Colours: c = (o − (1 − a)·b) / a removes the backdrop's share, blended toward f as a falls so noise is not
 * amplified; pixels the feather makes visible outside the subject take f. Either way no halo of the backdrop.
 *
 * <p>Feather: 0 cuts the alpha at one half (only opaque or clear pixels), 1 keeps it as estimated, and each
 * step above blurs it by one more pixel.
 */
public final class EdgeMatte {
    /** Pixels inside the mask's outline whose coverage is estimated: the width of a defocused edge. */
    static final int INNER = 8;
    /** Pixels outside it: the mask may also stop short of the half-covered line by a little. */
    static final int OUTER = 2;
    /** Below this RGB distance between f and b, coverage cannot be told apart from noise. */
    private static final double MIN_CONTRAST = 24;
    /** A colour further than this from the f–b line (absolute, and as a share of |f − b|) is no mix of the two. */
    private static final double MAX_RESIDUAL = 14;
    private static final double MAX_RESIDUAL_SHARE = 0.3;
    /** Coverage below LOW is none, above 1 − LOW full: noise would otherwise speckle the band. */
    private static final double LOW = 0.06;

    private EdgeMatte() {
    }

    /**
     * Writes the cut-out into {@code out} (w*h ARGB), which is also used as scratch space first. {@code mask} is 1
     * for foreground. Existing transparency in {@code src} is kept (alpha multiplies).
     */
    static void compose(int[] src, boolean opaque, byte[] mask, int w, int h, int feather, BackgroundModel model,
                        int[] out) {
        EdgeBand band = EdgeBand.find(src, mask, w, h, INNER, Math.max(OUTER, feather), out);
        // Alpha is read and written only along the band, unless feathering blurs it everywhere.
        byte[] alpha = new byte[w * h];
        IntList pixels = band.pixels;
        float[] coverage = new float[pixels.size()];
        for (int k = 0; k < pixels.size(); k++) { // nearest the outline first, so parents come before children
            int i = pixels.get(k);
            int b = band.backdrop[k] != 0 ? band.backdrop[k] : model.rgbAt(i % w, i / w);
            double a = coverage(src[i], band.subject[k], b);
            if (a < 0) {
                coverage[k] = -1;
                alpha[i] = mask[i] == 1 ? (byte) 255 : 0;
                continue;
            }
            int parent = parentAlpha(i, mask, band.level, alpha, w);
            if (parent >= 0) {
                a = mask[i] == 1 ? Math.max(a, parent / 255.0) : Math.min(a, parent / 255.0);
            }
            coverage[k] = (float) a;
            alpha[i] = (byte) Math.round(255 * Math.max(0, Math.min(1, (a - LOW) / (1 - 2 * LOW))));
        }
        if (feather == 0) {
            for (int k = 0; k < pixels.size(); k++) {
                int i = pixels.get(k);
                alpha[i] = (alpha[i] & 0xFF) >= 128 ? (byte) 255 : 0;
            }
        } else if (feather > 1) {
            for (int i = 0; i < alpha.length; i++) {
                if (band.level[i] == 0 && mask[i] == 1) {
                    alpha[i] = (byte) 255;
                }
            }
            alpha = AlphaBlur.of(alpha, w, h, feather - 1);
        }
        byte[] level = band.level;
        WorkBudget.check();
        for (int i = 0; i < out.length; i++) {
            if (level[i] == 0) {
                int a = feather > 1 ? alpha[i] & 0xFF : mask[i] == 1 ? 255 : 0;
                out[i] = composite(src[i], opaque, a, src[i]);
            }
        }
        for (int k = 0; k < pixels.size(); k++) {
            int i = pixels.get(k);
            int f = band.subject[k];
            int rgb;
            if (f == 0) {
                rgb = src[i];
            } else if (coverage[k] < 0) { // no telling: the pixel's own colour, or the subject's if it is backdrop
                rgb = mask[i] == 1 ? src[i] : f;
            } else {
                int b = band.backdrop[k] != 0 ? band.backdrop[k] : model.rgbAt(i % w, i / w);
                rgb = decontaminate(src[i], f, b, coverage[k]);
            }
            out[i] = composite(src[i], opaque, alpha[i] & 0xFF, rgb);
        }
    }

    /** The output pixel: matte alpha times the source's own alpha, with the colour {@code rgb}. */
    private static int composite(int source, boolean opaque, int matte, int rgb) {
        int a = opaque ? matte : (matte * (source >>> 24) + 127) / 255;
        return a == 0 ? 0 : a << 24 | (rgb & 0xFFFFFF);
    }

    /**
     * The largest alpha among the pixel's neighbours one step nearer the outline on its way out: inside the mask
     * the neighbours one level lower, outside it those one level lower outside, or for the first level outside
     * the first level inside. -1 for the first level inside, which has no such neighbour.
     */
    private static int parentAlpha(int i, byte[] mask, byte[] level, byte[] alpha, int w) {
        int lv = level[i];
        if (mask[i] == 1 && lv == 1) {
            return -1;
        }
        byte side = mask[i] == 1 || lv == 1 ? (byte) 1 : 0;
        int want = mask[i] == 0 && lv == 1 ? 1 : lv - 1;
        int best = -1;
        int x = i % w;
        if (x > 0 && mask[i - 1] == side && level[i - 1] == want) {
            best = Math.max(best, alpha[i - 1] & 0xFF);
        }
        if (x < w - 1 && mask[i + 1] == side && level[i + 1] == want) {
            best = Math.max(best, alpha[i + 1] & 0xFF);
        }
        if (i >= w && mask[i - w] == side && level[i - w] == want) {
            best = Math.max(best, alpha[i - w] & 0xFF);
        }
        if (i + w < mask.length && mask[i + w] == side && level[i + w] == want) {
            best = Math.max(best, alpha[i + w] & 0xFF);
        }
        return best;
    }

    /**
     * The subject's coverage of a pixel observed as {@code o}, in [0, 1]: its projection on the line from b to f,
     * or, when o lies well off that line (JPEG's colour bleed, a printed rim), its distance from b relative to
     * f's. -1 when f and b are too alike to tell.
     */
    static double coverage(int o, int f, int b) {
        if (f == 0) {
            return -1;
        }
        double fr = (f >> 16 & 0xFF) - (b >> 16 & 0xFF);
        double fg = (f >> 8 & 0xFF) - (b >> 8 & 0xFF);
        double fb = (f & 0xFF) - (b & 0xFF);
        double len2 = fr * fr + fg * fg + fb * fb;
        if (len2 < MIN_CONTRAST * MIN_CONTRAST) {
            return -1;
        }
        double or = (o >> 16 & 0xFF) - (b >> 16 & 0xFF);
        double og = (o >> 8 & 0xFF) - (b >> 8 & 0xFF);
        double ob = (o & 0xFF) - (b & 0xFF);
        double a = (or * fr + og * fg + ob * fb) / len2;
        double er = or - a * fr;
        double eg = og - a * fg;
        double eb = ob - a * fb;
        double residual2 = er * er + eg * eg + eb * eb;
        double allowed = Math.max(MAX_RESIDUAL * MAX_RESIDUAL, MAX_RESIDUAL_SHARE * MAX_RESIDUAL_SHARE * len2);
        if (residual2 > allowed) {
            return Math.min(1, Math.sqrt((or * or + og * og + ob * ob) / len2));
        }
        return Math.max(0, Math.min(1, a));
    }

    /** Removes the backdrop's share from an observed colour of known coverage, toward {@code reference}. */
    public static int decontaminate(int observed, int reference, int backdrop, double coverage) {
        int result = 0xFF000000;
        for (int shift = 16; shift >= 0; shift -= 8) {
            double o = observed >> shift & 0xFF;
            double f = reference >> shift & 0xFF;
            double b = backdrop >> shift & 0xFF;
            double clean = coverage < 1e-3 ? f : (o - (1 - coverage) * b) / coverage;
            clean = Math.max(0, Math.min(255, clean));
            double value = coverage * clean + (1 - coverage) * f;
            result |= (int) Math.round(value) << shift;
        }
        return result;
    }
}
