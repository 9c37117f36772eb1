package dev.flowrun.cutout.model;

/**
 * Where the model is unsure over a broad area (a haze of middle probability, not the thin strip every outline has),
 * its answer varies in blocks of its own making: decided pixel by pixel at one half, a haze becomes blocky holes, and
 * a matte that follows the picture's colours within it turns the picture's texture (sand, hair) into streaks. There
 * the probability is replaced by its mean over a window of {@value #RADIUS_DIVISOR}th of the long side, so a haze
 * is decided as a whole: kept or left out in one smooth piece, or softly along a smooth line. A pixel is in a haze
 * when most of its window is unsure; thin unsure strips (an outline, a wire, a leg) fill little of it and stay as the
 * model drew them.
 */
final class Haze {
    /** The window's radius: 1/16 of the grid's long side (64 px at 1024). */
    static final int RADIUS_DIVISOR = 16;
    /** Shares of unsure pixels in the window: below the first the pixel is left alone, from the second smoothed. */
    static final float SCATTERED = 0.35f;
    static final float HAZE = 0.6f;

    private Haze() {
    }

    /** Settles the hazy parts of {@code p} (w×h, 0..1) in place. */
    static void settle(float[] p, int w, int h) {
        int r = Math.max(2, Math.max(w, h) / RADIUS_DIVISOR);
        float[] unsure = new float[p.length];
        boolean any = false;
        for (int i = 0; i < p.length; i++) {
            boolean u = p[i] > Trimap.UNSURE_LOW && p[i] < Trimap.UNSURE_HIGH;
            unsure[i] = u ? 1 : 0;
            any |= u;
        }
        if (!any) {
            return;
        }
        float[] share = BoxMean.of(unsure, w, h, r);
        float[] mean = BoxMean.of(p, w, h, r);
        for (int i = 0; i < p.length; i++) {
            float t = Math.max(0, Math.min(1, (share[i] - SCATTERED) / (HAZE - SCATTERED)));
            p[i] += t * (mean[i] - p[i]);
        }
    }
}
