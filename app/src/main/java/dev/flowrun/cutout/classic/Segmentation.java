package dev.flowrun.cutout.classic;

import dev.flowrun.work.WorkBudget;

/**
 * Splits pixels into background and foreground from their colour distance to the background model:
 * <ol>
 * <li>flood fill from the border through pixels closer than the threshold, so only backdrop connected to the
 *     edge goes: an object part that happens to match the backdrop, but is enclosed by the object, stays;</li>
 * <li>the subject's shadow on the backdrop goes too (see {@link ShadowGrowth});</li>
 * <li>enclosed holes (a mug handle, the inside of a ring) are background too, but only when large, clearly
 *     backdrop-coloured on average (mean distance under half the threshold) and empty: a backdrop-coloured
 *     area with things inside it (a white label with text, a white panel with parts on it) belongs to the
 *     subject, while the backdrop seen through a handle has nothing in it (see {@link EnclosedContent});</li>
 * <li>foreground specks too small to be anything (noise, dust) are dropped.</li>
 * </ol>
 * Everything is 4-connected and linear in the number of pixels.
 */
final class Segmentation {
    private static final byte FOREGROUND = 0;
    private static final byte BACKGROUND = 1;
    private static final byte CANDIDATE = 2; // backdrop-coloured but enclosed: judged as a possible hole
    private static final byte KEPT = 3; // examined by the speck pass, stays foreground
    /** A mask of pixel indices: the budget is checked once per 2^20 pixels of the long passes. */
    private static final int CHECK_EVERY = (1 << 20) - 1;

    private Segmentation() {
    }

    /**
     * Returns the foreground mask: 1 = foreground, 0 = background. {@code distance} and {@code threshold} are in
     * the model's stored units (ΔE × {@value BackdropDistances#DISTANCE_SCALE}).
     */
    static byte[] foreground(int[] src, boolean opaque, int w, int h, byte[] distance, int threshold,
                             BackgroundModel model, int[] scratch) {
        byte[] state = new byte[w * h];
        SpanFill fill = new SpanFill(w, h, state, distance);
        floodFromBorder(fill, w, h, threshold);
        var backdrop = new ShadowGrowth.Backdrop(model, distance, threshold);
        new ShadowGrowth(src, opaque, w, h, backdrop, state, scratch).claim();
        claimHoles(fill, state, distance, w, h, threshold);
        dropSpecks(fill, state, Math.max(8, (long) w * h / 50000));
        for (int i = 0; i < state.length; i++) {
            state[i] = state[i] == BACKGROUND ? (byte) 0 : (byte) 1;
        }
        return state;
    }

    static boolean isBackground(byte state) {
        return state == BACKGROUND;
    }

    static byte background() {
        return BACKGROUND;
    }

    private static void floodFromBorder(SpanFill fill, int w, int h, int threshold) {
        for (int x = 0; x < w; x++) {
            seed(fill, x, threshold);
            seed(fill, (h - 1) * w + x, threshold);
        }
        for (int y = 1; y < h - 1; y++) {
            seed(fill, y * w, threshold);
            seed(fill, y * w + w - 1, threshold);
        }
    }

    private static void seed(SpanFill fill, int i, int threshold) {
        if (fill.joins(i, FOREGROUND, threshold)) {
            fill.fill(i, FOREGROUND, BACKGROUND, threshold, false);
        }
    }

    private static void claimHoles(SpanFill fill, byte[] state, byte[] distance, int w, int h, int threshold) {
        long minSize = Math.max(16, (long) w * h / 1000);
        double maxMean = threshold / 2.0;
        EnclosedContent content = new EnclosedContent(w, h);
        for (int i = 0; i < state.length; i++) {
            if ((i & CHECK_EVERY) == 0) {
                WorkBudget.check();
            }
            if (!fill.joins(i, FOREGROUND, threshold)) {
                continue;
            }
            long size = fill.fill(i, FOREGROUND, CANDIDATE, threshold, true);
            if (size < minSize) {
                continue;
            }
            long sum = 0;
            IntList spans = fill.spans;
            for (int k = 0; k < spans.size(); k += 3) {
                int row = spans.get(k) * w;
                for (int x = spans.get(k + 1), end = spans.get(k + 2); x <= end; x++) {
                    sum += distance[row + x] & 0xFF;
                }
            }
            if ((double) sum / size < maxMean && !content.enclosedBy(spans, size)) {
                fill.paintSpans(BACKGROUND);
            }
        }
        for (int i = 0; i < state.length; i++) {
            if (state[i] == CANDIDATE) {
                state[i] = FOREGROUND;
            }
        }
    }

    private static void dropSpecks(SpanFill fill, byte[] state, long minSize) {
        for (int i = 0; i < state.length; i++) {
            if ((i & CHECK_EVERY) == 0) {
                WorkBudget.check();
            }
            if (state[i] == FOREGROUND && fill.fill(i, FOREGROUND, KEPT, SpanFill.NO_LIMIT, true) < minSize) {
                fill.paintSpans(BACKGROUND);
            }
        }
    }
}
