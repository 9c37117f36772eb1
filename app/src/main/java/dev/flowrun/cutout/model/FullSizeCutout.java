package dev.flowrun.cutout.model;

import dev.flowrun.cutout.classic.AlphaBlur;
import dev.flowrun.cutout.classic.EdgeMatte;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;

/**
 * Writes the cut-out at the picture's own size, row by row from the working grid's planes: alpha from the guided
 * filter's coefficients and the pixel's own colour, the colour of partly covered pixels cleaned of the old
 * backdrop, then {@code feather}. Beside the result it allocates one row per plane, and a byte per pixel only when
 * feathering blurs the alpha.
 */
final class FullSizeCutout {
    /**
     * Coverage below LOW is none and above 1 − LOW full, stretched in between (the classic matte's rule). The
     * model leaves values of a few hundredths over the whole background: kept, they would be a faint veil that
     * {@code trim} takes for subject (measured: half of a 512² photo's pixels partly transparent without this).
     */
    private static final float LOW = 0.05f;
    /** Subject and backdrop colours this far apart (largest channel ~) tell a pixel's coverage from its colour. */
    private static final double MIN_CONTRAST = 12;
    /** Trimap values within this of 0 or 1 count as decided (interpolation leaves a sliver between). */
    private static final float BAND_EDGE = 0.01f;

    private FullSizeCutout() {
    }

    static BufferedImage compose(int[] src, int w, int h, boolean hasAlpha, GuidedFilter.Coefficients c,
                                 Trimap.Planes trimap, NearestColours colours, int gw, int gh, int feather) {
        float[][] planes = new float[12][];
        planes[0] = c.ar();
        planes[1] = c.ag();
        planes[2] = c.ab();
        planes[3] = c.b();
        System.arraycopy(colours.planes, 0, planes, 4, 6);
        planes[10] = trimap.values();
        planes[11] = trimap.near();
        PlaneRows rows = new PlaneRows(planes, gw, gh, w, h);
        BufferedImage result = Pixels.create(w, h, true);
        int[] out = Pixels.data(result);
        for (int y = 0; y < h; y++) {
            rows.seek(y);
            for (int x = 0, i = y * w; x < w; x++, i++) {
                float t = rows.at(10, x);
                float a;
                if (Trimap.unknownWeight(t) == 0) {
                    a = Trimap.known(t);
                } else {
                    int o = hasAlpha ? ModelInput.overWhite(src[i]) : src[i];
                    float q = rows.at(0, x) * (o >> 16 & 0xFF) / 255f + rows.at(1, x) * (o >> 8 & 0xFF) / 255f
                            + rows.at(2, x) * (o & 0xFF) / 255f + rows.at(3, x);
                    a = Trimap.alpha(t, stretch(q));
                }
                int subject = rgb(rows, 4, x);
                int rgb;
                int alpha;
                if (a <= 0) {
                    alpha = 0;
                    rgb = subject; // seen only if feathering spreads the edge outward
                } else if (a < 1 || t > BAND_EDGE && t < 1 - BAND_EDGE || rows.at(11, x) > 0.5f) {
                    alpha = Math.round(255 * Math.min(1, a));
                    int backdrop = rgb(rows, 7, x);
                    rgb = EdgeMatte.decontaminate(src[i], subject, backdrop, coverage(src[i], subject, backdrop, a));
                } else {
                    alpha = 255;
                    rgb = src[i];
                }
                if (feather == 0) {
                    alpha = alpha >= 128 ? 255 : 0;
                }
                out[i] = alpha << 24 | (rgb & 0xFFFFFF);
            }
        }
        if (feather > 1) {
            blurAlpha(out, w, h, feather - 1);
        }
        finish(out, src, hasAlpha);
        return result;
    }

    /**
     * How much of the subject's colour a pixel of the band shows: its colour projected on the line from the local
     * backdrop colour to the local subject colour, where the two differ enough for that to be measured; else the
     * matte's alpha. Cleaning the colour with this coverage rather than the matte's leaves no backdrop in it even
     * where the matte's edge is a pixel off (the classic method's rule, around the model's outline).
     */
    static double coverage(int observed, int subject, int backdrop, float alpha) {
        double dot = 0;
        double contrast = 0;
        for (int shift = 16; shift >= 0; shift -= 8) {
            double f = subject >> shift & 0xFF;
            double b = backdrop >> shift & 0xFF;
            double o = observed >> shift & 0xFF;
            dot += (o - b) * (f - b);
            contrast += (f - b) * (f - b);
        }
        if (contrast < MIN_CONTRAST * MIN_CONTRAST) {
            return Math.min(1, alpha);
        }
        return Math.max(0, Math.min(1, dot / contrast));
    }

    /** The matte's value with the model's faint floor and ceiling cut off ({@link #LOW}). */
    static float stretch(float q) {
        return (q - LOW) / (1 - 2 * LOW);
    }

    private static int rgb(PlaneRows rows, int first, int x) {
        int r = clamp(rows.at(first, x));
        int g = clamp(rows.at(first + 1, x));
        int b = clamp(rows.at(first + 2, x));
        return 0xFF000000 | r << 16 | g << 8 | b;
    }

    private static int clamp(float v) {
        return Math.max(0, Math.min(255, Math.round(v)));
    }

    private static void blurAlpha(int[] out, int w, int h, int radius) {
        byte[] alpha = new byte[out.length];
        for (int i = 0; i < out.length; i++) {
            alpha[i] = (byte) (out[i] >>> 24);
        }
        alpha = AlphaBlur.of(alpha, w, h, radius);
        for (int i = 0; i < out.length; i++) {
            out[i] = (alpha[i] & 0xFF) << 24 | (out[i] & 0xFFFFFF);
        }
    }

    /** The input's own transparency multiplies the matte; fully transparent pixels become 0 as elsewhere. */
    private static void finish(int[] out, int[] src, boolean hasAlpha) {
        for (int i = 0; i < out.length; i++) {
            int a = out[i] >>> 24;
            if (hasAlpha) {
                a = (a * (src[i] >>> 24) + 127) / 255;
            }
            out[i] = a == 0 ? 0 : a << 24 | (out[i] & 0xFFFFFF);
        }
    }
}
