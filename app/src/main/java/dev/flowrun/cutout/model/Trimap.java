package dev.flowrun.cutout.model;

/**
 * The matting trimap from the model's probability, on the working grid: subject where the model says subject
 * (probability at least one half) away from the outline, backdrop where it says backdrop away from it, and
 * unknown in a band along the outline, only there left to the matte.
 *
 * <p>The band is {@value #BAND_DIVISOR}th of the long side on each side of the outline (4 px at 1024), so the edge
 * the guided filter moves to the picture's own edge stays inside it. It widens to {@value #WIDE_DIVISOR}th (16 px)
 * where the model itself was unsure (probability between {@value #UNSURE_LOW} and {@value #UNSURE_HIGH}): hair,
 * fur and other soft edges the model blurs over a wider strip. Unsure areas farther from the outline are decided
 * by the one-half rule: the model's hesitation inside a subject (a face, a cat's fur) is no reason to make it
 * see-through, and its hesitation on the backdrop no reason to leave a veil.
 *
 * <p>Values: {@link #SUBJECT} 1, {@link #BACKDROP} 0, {@link #UNKNOWN} ½, so that interpolated to full size a value
 * between two of them blends their rules ({@link #unknownWeight}, {@link #known}).
 */
final class Trimap {
    static final float SUBJECT = 1f;
    static final float BACKDROP = 0f;
    static final float UNKNOWN = 0.5f;
    static final int BAND_DIVISOR = 256;
    static final int WIDE_DIVISOR = 64;
    static final float UNSURE_LOW = 0.1f;
    static final float UNSURE_HIGH = 0.9f;

    private Trimap() {
    }

    /**
     * The trimap ({@code values}) and the strip within the wide band's reach of the outline on either side
     * ({@code near}, 1 there, else 0), where edge colours are cleaned even on decided subject pixels: a defocused
     * edge mixes in the backdrop over more pixels than the model's outline is soft.
     */
    record Planes(float[] values, float[] near) {
    }

    static Planes of(float[] probability, int w, int h) {
        int band = band(w, h);
        int wide = Math.max(band, Math.round((float) Math.max(w, h) / WIDE_DIVISOR));
        boolean[] subject = new boolean[probability.length];
        for (int i = 0; i < subject.length; i++) {
            subject[i] = probability[i] >= 0.5f;
        }
        int[] distance = distanceToOtherSide(subject, w, h, wide + 1);
        float[] trimap = new float[probability.length];
        float[] near = new float[probability.length];
        for (int i = 0; i < trimap.length; i++) {
            near[i] = distance[i] <= wide ? 1 : 0;
            float p = probability[i];
            boolean unsure = p > UNSURE_LOW && p < UNSURE_HIGH;
            boolean unknown = distance[i] <= band || distance[i] <= wide && unsure;
            trimap[i] = unknown ? UNKNOWN : subject[i] ? SUBJECT : BACKDROP;
        }
        return new Planes(trimap, near);
    }

    /** The unknown band's half-width in pixels of a {@code w}×{@code h} grid: 1/256 of its long side, at least 2. */
    static int band(int w, int h) {
        return Math.max(2, Math.round((float) Math.max(w, h) / BAND_DIVISOR));
    }

    /** How much of the matte's own alpha a pixel takes: 1 in the unknown band, 0 where the trimap decided. */
    static float unknownWeight(float t) {
        return 1 - Math.abs(2 * t - 1);
    }

    /** The alpha the trimap decided (1 subject, 0 backdrop); blended by {@link #unknownWeight} with the matte. */
    static float known(float t) {
        return t > UNKNOWN ? 1 : 0;
    }

    /** The alpha from a trimap value and the matte's own value there, both 0..1. */
    static float alpha(float t, float matte) {
        float u = unknownWeight(t);
        return u * Math.max(0, Math.min(1, matte)) + (1 - u) * known(t);
    }

    /**
     * Chessboard distance from every pixel to the nearest pixel on the other side of the outline (1 for a pixel
     * touching it), capped at {@code cap}: two passes over the grid.
     */
    static int[] distanceToOtherSide(boolean[] subject, int w, int h, int cap) {
        int[] d = new int[subject.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                boolean side = subject[i];
                int best = cap;
                if (y > 0 && x > 0 && x < w - 1) { // every neighbour inside: no bounds to check
                    best = Math.min(best, via(subject, d, side, i - 1));
                    best = Math.min(best, via(subject, d, side, i - w - 1));
                    best = Math.min(best, via(subject, d, side, i - w));
                    best = Math.min(best, via(subject, d, side, i - w + 1));
                } else {
                    best = Math.min(best, from(subject, d, side, x - 1, y, w, h));
                    best = Math.min(best, from(subject, d, side, x - 1, y - 1, w, h));
                    best = Math.min(best, from(subject, d, side, x, y - 1, w, h));
                    best = Math.min(best, from(subject, d, side, x + 1, y - 1, w, h));
                }
                d[i] = best;
            }
        }
        for (int y = h - 1; y >= 0; y--) {
            for (int x = w - 1; x >= 0; x--) {
                int i = y * w + x;
                int best = d[i];
                boolean side = subject[i];
                if (y < h - 1 && x > 0 && x < w - 1) {
                    best = Math.min(best, via(subject, d, side, i + 1));
                    best = Math.min(best, via(subject, d, side, i + w + 1));
                    best = Math.min(best, via(subject, d, side, i + w));
                    best = Math.min(best, via(subject, d, side, i + w - 1));
                } else {
                    best = Math.min(best, from(subject, d, side, x + 1, y, w, h));
                    best = Math.min(best, from(subject, d, side, x + 1, y + 1, w, h));
                    best = Math.min(best, from(subject, d, side, x, y + 1, w, h));
                    best = Math.min(best, from(subject, d, side, x - 1, y + 1, w, h));
                }
                d[i] = best;
            }
        }
        return d;
    }

    /** {@link #from} for a neighbour known to be inside the picture, at index {@code j}. */
    private static int via(boolean[] subject, int[] d, boolean side, int j) {
        return subject[j] != side ? 1 : d[j] + 1;
    }

    /** The distance a pixel gets through neighbour (x, y): 1 if that is on the other side, else its own + 1. */
    private static int from(boolean[] subject, int[] d, boolean side, int x, int y, int w, int h) {
        if (x < 0 || y < 0 || x >= w || y >= h) {
            return Integer.MAX_VALUE; // the picture's border is no outline
        }
        int j = y * w + x;
        return subject[j] != side ? 1 : d[j] + 1;
    }
}
