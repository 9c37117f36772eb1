package dev.flowrun.cutout.model;

/**
 * Where the model is unsure over a broad area (a haze of middle probability, not the thin strip every outline has),
 * its answer varies in blocks of its own making: decided pixel by pixel at one half, a haze becomes blocky holes, and
 * a matte that follows the picture's colours within it turns the picture's texture (sand, hair) into streaks. There
 * the probability is replaced by its mean over a window of {@value #RADIUS_DIVISOR}th of the long side, so a haze
 * is decided as a whole: kept or left out in one smooth piece, or softly along a smooth line. A pixel is in a haze
 * when most of its window is unsure; thin unsure strips (an outline, a wire, a leg) fill little of it and stay as the
 * model drew them.
 *
 * <p>Within a haze the matte then follows the settled probability, not the picture's colours: the guided filter's
 * colour terms fade out there ({@link #calm}) and its alpha is the settled probability, steepened around one half so
 * that the haze's edge is a soft line of a few pixels rather than a broad veil. Left to the colours, the filter drew
 * the grass under a hedgehog or the sand beside a bag into the alpha as streaks.
 */
final class Haze {
    /** The window's radius: 1/16 of the grid's long side (64 px at 1024). */
    static final int RADIUS_DIVISOR = 16;
    /** Shares of unsure pixels in the window: below the first the pixel is left alone, from the second smoothed. */
    static final float SCATTERED = 0.35f;
    static final float HAZE = 0.6f;

    private Haze() {
    }

    /**
     * How steeply the matte rises with the settled probability in a haze: from 0 to 1 between 0.5 ∓ 1/16. A haze's
     * window mean changes by about 1/128 per pixel at most, so its edge is at most 16 px wide on a 1024 grid, within
     * the trimap's wide band.
     */
    static final float STEEPNESS = 8;

    /**
     * Settles the hazy parts of {@code p} (w×h, 0..1) in place; returns how far each pixel is in a haze (0..1, as
     * smooth as the window mean), or null where there is none.
     */
    static float[] settle(float[] p, int w, int h) {
        float[] share = unsureShare(p, w, h);
        if (share == null) {
            return null;
        }
        float[] mean = BoxMean.of(p, w, h, radius(w, h));
        for (int i = 0; i < p.length; i++) {
            float t = Math.max(0, Math.min(1, (share[i] - SCATTERED) / (HAZE - SCATTERED)));
            p[i] += t * (mean[i] - p[i]);
            share[i] = t;
        }
        return share;
    }

    /** How many pixels of {@code p} lie in a haze (their window at least {@value #SCATTERED} unsure). */
    static long pixels(float[] p, int w, int h) {
        float[] share = unsureShare(p, w, h);
        long n = 0;
        for (int i = 0; share != null && i < share.length; i++) {
            n += share[i] >= SCATTERED ? 1 : 0;
        }
        return n;
    }

    private static int radius(int w, int h) {
        return Math.max(2, Math.max(w, h) / RADIUS_DIVISOR);
    }

    /** The share of unsure pixels in each pixel's window; null where none is unsure. */
    private static float[] unsureShare(float[] p, int w, int h) {
        float[] unsure = new float[p.length];
        boolean any = false;
        for (int i = 0; i < p.length; i++) {
            boolean u = p[i] > Trimap.UNSURE_LOW && p[i] < Trimap.UNSURE_HIGH;
            unsure[i] = u ? 1 : 0;
            any |= u;
        }
        return any ? BoxMean.of(unsure, w, h, radius(w, h)) : null;
    }

    /**
     * Fades the guided filter's colour terms out where {@code haze} (from {@link #settle}) says the model was unsure
     * over a broad area, its alpha there the steepened {@code mask} (the matte's input: settled, decided pixels
     * pinned) instead.
     */
    static void calm(GuidedFilter.Coefficients c, float[] haze, float[] mask) {
        float[] ar = c.ar();
        float[] ag = c.ag();
        float[] ab = c.ab();
        float[] b = c.b();
        for (int i = 0; i < haze.length; i++) {
            float t = haze[i];
            if (t > 0) {
                float decided = Math.max(0, Math.min(1, 0.5f + (mask[i] - 0.5f) * STEEPNESS));
                ar[i] *= 1 - t;
                ag[i] *= 1 - t;
                ab[i] *= 1 - t;
                b[i] += t * (decided - b[i]);
            }
        }
    }
}
