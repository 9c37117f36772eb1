package dev.flowrun.cutout.model;

import dev.flowrun.cutout.classic.AlphaBlur;
import dev.flowrun.cutout.classic.EdgeMatte;
import dev.flowrun.imaging.ParallelRows;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;
import java.util.Arrays;

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

    /** Planes of the working grid, in the order {@link PlaneRows} gets them: the eager ones first. */
    private static final int TRIMAP = 0;
    private static final int NEAR = 1;
    private static final int COEFFICIENTS = 2;
    private static final int SUBJECT = 6;
    private static final int BACKDROP = 9;

    static BufferedImage compose(int[] src, int w, int h, boolean hasAlpha, GuidedFilter.Coefficients c,
                                 Trimap.Planes trimap, NearestColours colours, int gw, int gh, int feather) {
        float[][] planes = new float[12][];
        planes[TRIMAP] = trimap.values();
        planes[NEAR] = trimap.near();
        planes[COEFFICIENTS] = c.ar();
        planes[COEFFICIENTS + 1] = c.ag();
        planes[COEFFICIENTS + 2] = c.ab();
        planes[COEFFICIENTS + 3] = c.b();
        System.arraycopy(colours.planes, 0, planes, SUBJECT, 6);
        BufferedImage result = Pixels.create(w, h, true);
        int[] out = Pixels.data(result);
        ParallelRows.run(h, 8, (from, to) -> {
            PlaneRows rows = new PlaneRows(planes, 2, gw, gh, w, h);
            int[] first = rows.firstColumns();
            byte[] settled = new byte[gw];
            for (int y = from; y < to; y++) {
                rows.seek(y);
                settle(rows, gw, settled);
                row(rows, settled, first, src, y * w, hasAlpha, feather, out);
            }
        });
        if (feather > 1) {
            blurAlpha(out, w, h, feather - 1);
            finish(out, src, hasAlpha, 0, out.length);
        }
        return result;
    }

    /** {@link #settled}: a grid column whose pixels between it and the next are all subject, far from the outline. */
    private static final byte ALL_SUBJECT = 1;
    /** {@link #settled}: all backdrop. */
    private static final byte ALL_BACKDROP = 2;

    /**
     * Per grid column of the current row, whether every output pixel interpolated between it and the next column
     * is plainly subject (trimap 1, not near the outline) or plainly backdrop (trimap 0): interpolating equal values
     * gives that value exactly, so such a pixel takes the branch {@link #row} would take for it without the planes.
     * Most of a photo's pixels are away from the outline.
     */
    private static void settle(PlaneRows rows, int gw, byte[] settled) {
        float[] t = rows.row[TRIMAP];
        float[] near = rows.row[NEAR];
        for (int i = 0; i < gw; i++) {
            int j = Math.min(gw - 1, i + 1);
            float a = t[i];
            settled[i] = a != t[j] ? 0
                    : a == Trimap.SUBJECT && near[i] == 0 && near[j] == 0 ? ALL_SUBJECT
                    : a == Trimap.BACKDROP ? ALL_BACKDROP : 0;
        }
    }

    /**
     * One row of the cut-out from {@link PlaneRows} at that row, finished unless feathering follows: run by run of
     * grid columns that are all subject, all backdrop or neither ({@code first}: each grid column's first output
     * column), the settled runs as plain copies and fills.
     */
    private static void row(PlaneRows rows, byte[] settled, int[] first, int[] src, int start, boolean hasAlpha,
                            int feather, int[] out) {
        int gw = settled.length;
        for (int g = 0; g < gw; ) {
            byte kind = kind(settled[g], feather);
            int end = g + 1;
            while (end < gw && kind(settled[end], feather) == kind) {
                end++;
            }
            int from = start + first[g];
            int to = start + first[end];
            int run = g;
            g = end;
            if (kind == ALL_SUBJECT) {
                for (int i = from; i < to; i++) {
                    out[i] = 0xFF000000 | src[i];
                }
                if (!hasAlpha || feather > 1) {
                    continue;
                }
            } else if (kind == ALL_BACKDROP) {
                Arrays.fill(out, from, to, 0);
                continue;
            } else {
                rows.blendColumns(run, end);
                edge(rows, src, start, from - start, to - start, hasAlpha, feather, out);
            }
            if (feather <= 1) {
                finish(out, src, hasAlpha, from, to);
            }
        }
    }

    /** How {@link #row} takes a grid column: backdrop is settled only without the feather's blur (which reads it). */
    private static byte kind(byte settled, int feather) {
        return settled == ALL_BACKDROP && feather > 1 ? 0 : settled;
    }

    /**
     * Output columns {@code [x0, x1)} of a row, before feathering, pixel by pixel from the planes, their grid columns
     * blended ({@link PlaneRows#blendColumns}).
     */
    private static void edge(PlaneRows rows, int[] src, int start, int x0, int x1, boolean hasAlpha, int feather,
                             int[] out) {
        for (int x = x0, i = start + x0; x < x1; x++, i++) {
            float t = rows.at(TRIMAP, x);
            float a;
            if (Trimap.unknownWeight(t) == 0) {
                a = Trimap.known(t);
            } else {
                int o = hasAlpha ? ModelInput.overWhite(src[i]) : src[i];
                float q = rows.at(COEFFICIENTS, x) * (o >> 16 & 0xFF) / 255f
                        + rows.at(COEFFICIENTS + 1, x) * (o >> 8 & 0xFF) / 255f
                        + rows.at(COEFFICIENTS + 2, x) * (o & 0xFF) / 255f + rows.at(COEFFICIENTS + 3, x);
                a = Trimap.alpha(t, stretch(q));
            }
            int rgb;
            int alpha;
            if (a <= 0) {
                alpha = 0;
                // The subject's colour, seen only where feathering spreads the edge outward; else the pixel is 0.
                if (feather > 1) {
                    rgb = rgb(rows, SUBJECT, x);
                } else {
                    rgb = 0;
                }
            } else if (a < 1 || t > BAND_EDGE && t < 1 - BAND_EDGE || rows.at(NEAR, x) > 0.5f) {
                alpha = Math.round(255 * Math.min(1, a));
                int subject = rgb(rows, SUBJECT, x);
                int backdrop = rgb(rows, BACKDROP, x);
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
    private static void finish(int[] out, int[] src, boolean hasAlpha, int from, int to) {
        for (int i = from; i < to; i++) {
            int a = out[i] >>> 24;
            if (hasAlpha) {
                a = (a * (src[i] >>> 24) + 127) / 255;
            }
            out[i] = a == 0 ? 0 : a << 24 | (out[i] & 0xFFFFFF);
        }
    }
}
