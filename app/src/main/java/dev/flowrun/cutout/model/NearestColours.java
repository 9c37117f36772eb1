package dev.flowrun.cutout.model;

import dev.flowrun.imaging.ParallelRows;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * The subject and backdrop colours an edge pixel is a mix of, on the working grid: for every pixel, the colour of
 * the nearest clean subject pixel and of the nearest clean backdrop pixel, where clean means decided by the
 * {@link Trimap} with its whole 3×3 neighbourhood decided the same way (one pixel beyond the unknown band). It is
 * the classic method's edge-band idea around the model's outline: the references are the colours just beside the
 * edge, so they follow the subject's shading, a label or a shadow on the backdrop, and they hold no trace of the
 * other side however far off the matte's alpha is.
 *
 * <p>Measured on the generated studio scenes, the subject colour is what decides the edge colour error: cleaned
 * with the true subject colour the model's edges come out at 2 levels, with a local mean weighted by the matte's
 * alpha (blur-fusion, or the multilevel estimate of Germer et al. that pymatting ships) at 7.6 and 17, because the
 * alpha of a guided filter is a tenth or more off in the band and those estimates take it at its word.
 *
 * <p>A breadth-first walk from all clean pixels of a side at once finds every pixel's nearest; its colour is the
 * mean of the clean pixels of that side in the nearest's 3×3 window, so sensor noise is not copied along the
 * edge. The nearest pixel jumps from place to place along a ragged outline, which would show as flat patches and
 * streaks where a wide soft edge (fur, a translucent ear) falls back to the reference; a box mean over the band's
 * own width smooths those jumps away without reaching across the subject's shading. Linear in the grid's pixels:
 * two walks and a few passes, no full-size array.
 */
final class NearestColours {
    /**
     * Planes: subject red, green, blue, then backdrop red, green, blue; 0..255, everywhere or ({@link #nearOutline})
     * where the cut-out reads them.
     */
    final float[][] planes;

    private NearestColours(float[][] planes) {
        this.planes = planes;
    }

    static NearestColours of(int[] guide, float[] trimap, int w, int h) {
        return of(guide, trimap, null, w, h);
    }

    /**
     * The planes where the cut-out reads them without a feather's blur: in the {@link OutlineTiles} that hold or
     * touch an unknown, a mixed or a near pixel of {@code trimap}; 0 elsewhere. Each run of such tiles is smoothed as
     * a picture of its own with a margin of the smoothing's radius, the same windows as the whole grid's.
     */
    static NearestColours nearOutline(int[] guide, Trimap.Planes trimap, int w, int h) {
        return of(guide, trimap.values(), trimap.near(), w, h);
    }

    /** {@code near} null: the planes everywhere. */
    private static NearestColours of(int[] guide, float[] trimap, float[] near, int w, int h) {
        byte[] clean = clean(trimap, w, h);
        Side[] sides = new Side[2];
        ForkJoinTask<?> backdrop = ForkJoinPool.commonPool().submit(() -> {
            sides[1] = Side.of(guide, clean, BACKDROP, w, h);
        });
        sides[0] = Side.of(guide, clean, SUBJECT, w, h);
        backdrop.join();
        int radius = Trimap.band(w, h);
        float[][] planes = new float[6][];
        if (near == null) {
            for (int s = 0; s < 2; s++) {
                float[][] colours = sides[s].colours(guide, 0, 0, w, h, w);
                for (int k = 0; k < 3; k++) {
                    planes[3 * s + k] = BoxMean.of(colours[k], w, h, radius);
                }
            }
            return new NearestColours(planes);
        }
        for (int k = 0; k < planes.length; k++) {
            planes[k] = new float[w * h];
        }
        List<int[]> spans = OutlineTiles.spans(trimap, near, w, h);
        ParallelRows.run(spans.size(), 1, (from, to) -> {
            for (int k = from; k < to; k++) {
                smoothSpan(guide, sides, w, h, radius, spans.get(k), planes);
            }
        });
        return new NearestColours(planes);
    }

    /** The planes of one span, from its colours and a margin of {@code radius} around it (clipped). */
    private static void smoothSpan(int[] guide, Side[] sides, int w, int h, int radius, int[] span, float[][] planes) {
        int sx0 = Math.max(0, span[0] - radius);
        int sy0 = Math.max(0, span[1] - radius);
        int sx1 = Math.min(w, span[2] + radius);
        int sy1 = Math.min(h, span[3] + radius);
        int sw = sx1 - sx0;
        int sh = sy1 - sy0;
        int width = span[2] - span[0];
        for (int s = 0; s < 2; s++) {
            float[][] colours = sides[s].colours(guide, sx0, sy0, sx1, sy1, w);
            for (int k = 0; k < 3; k++) {
                float[] smooth = BoxMean.of(colours[k], sw, sh, radius);
                for (int y = span[1]; y < span[3]; y++) {
                    System.arraycopy(smooth, (y - sy0) * sw + span[0] - sx0, planes[3 * s + k], y * w + span[0],
                            width);
                }
            }
        }
    }

    /** One side's walk: every pixel's nearest clean pixel of the side, and the clean pixels' window sums. */
    private record Side(int[] nearest, long[] sums) {
        static Side of(int[] guide, byte[] clean, byte side, int w, int h) {
            return new Side(NearestColours.nearest(clean, side, w, h), windowSums(guide, clean, side, w, h));
        }

        /**
         * Red, green and blue of the nearest clean pixel of the side (the mean over the clean pixels of its 3×3
         * window) for the grid's {@code [x0, x1) × [y0, y1)}, as planes of that box; with no clean pixel at all (a
         * picture that is all edge) the picture's own colours.
         */
        float[][] colours(int[] guide, int x0, int y0, int x1, int y1, int w) {
            int bw = x1 - x0;
            float[] red = new float[bw * (y1 - y0)];
            float[] green = new float[red.length];
            float[] blue = new float[red.length];
            ParallelRows.run(y1 - y0, 16, (from, to) -> {
                for (int y = y0 + from; y < y0 + to; y++) {
                    for (int x = x0, i = y * w + x0, o = (y - y0) * bw; x < x1; x++, i++, o++) {
                        int n = nearest[i];
                        if (n < 0) {
                            int p = guide[i];
                            red[o] = p >> 16 & 0xFF;
                            green[o] = p >> 8 & 0xFF;
                            blue[o] = p & 0xFF;
                            continue;
                        }
                        long sum = sums[n];
                        int count = (int) (sum & COUNT_MASK);
                        red[o] = (float) (int) (sum >>> RED & FIELD_MASK) / count;
                        green[o] = (float) (int) (sum >>> GREEN & FIELD_MASK) / count;
                        blue[o] = (float) (int) (sum >>> BLUE & FIELD_MASK) / count;
                    }
                }
            });
            return new float[][] {red, green, blue};
        }
    }

    private static final byte NEITHER = 0;
    private static final byte SUBJECT = 1;
    private static final byte BACKDROP = 2;

    /**
     * Per pixel {@link #SUBJECT} or {@link #BACKDROP} where it and its 8 neighbours inside the picture are decided
     * that way by the trimap, else {@link #NEITHER}: a row pass then a column pass.
     */
    private static byte[] clean(float[] trimap, int w, int h) {
        byte[] decided = new byte[trimap.length];
        for (int i = 0; i < decided.length; i++) {
            decided[i] = trimap[i] == Trimap.SUBJECT ? SUBJECT : trimap[i] == Trimap.BACKDROP ? BACKDROP : NEITHER;
        }
        byte[] rows = new byte[decided.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0, i = y * w; x < w; x++, i++) {
                byte v = decided[i];
                boolean same = (x == 0 || decided[i - 1] == v) && (x == w - 1 || decided[i + 1] == v);
                rows[i] = same ? v : NEITHER;
            }
        }
        byte[] clean = decided; // no longer needed as such
        for (int i = 0; i < clean.length; i++) {
            byte v = rows[i];
            boolean same = (i < w || rows[i - w] == v) && (i + w >= clean.length || rows[i + w] == v);
            clean[i] = same ? v : NEITHER;
        }
        return clean;
    }

    /** Bit fields of a window sum: red, green and blue sums (at most 9 × 255, 12 bits each) and the count. */
    private static final int RED = 40;
    private static final int GREEN = 24;
    private static final int BLUE = 8;
    private static final long FIELD_MASK = 0xFFFF;
    private static final long COUNT_MASK = 0xFF;

    /**
     * Per pixel, the sums of red, green and blue over the clean pixels of {@code side} in its 3×3 window and their
     * number, packed in one long ({@link #RED}, {@link #GREEN}, {@link #BLUE}, count): three along each row, then
     * three rows. Exact integers, so the mean a pixel's nearest gives is what summing its window again would give.
     */
    private static long[] windowSums(int[] guide, byte[] clean, byte side, int w, int h) {
        long[] rows = new long[w * h];
        ParallelRows.run(h, 16, (from, to) -> {
            for (int y = from; y < to; y++) {
                int row = y * w;
                long left = 0;
                long here = packed(guide, clean, side, row);
                for (int x = 0; x < w; x++) {
                    long right = x + 1 < w ? packed(guide, clean, side, row + x + 1) : 0;
                    rows[row + x] = left + here + right;
                    left = here;
                    here = right;
                }
            }
        });
        long[] sums = new long[w * h];
        ParallelRows.run(h, 16, (from, to) -> {
            for (int y = from; y < to; y++) {
                int row = y * w;
                for (int x = 0; x < w; x++) {
                    int i = row + x;
                    sums[i] = rows[i] + (y > 0 ? rows[i - w] : 0) + (y + 1 < h ? rows[i + w] : 0);
                }
            }
        });
        return sums;
    }

    private static long packed(int[] guide, byte[] clean, byte side, int i) {
        if (clean[i] != side) {
            return 0;
        }
        int p = guide[i];
        return (long) (p >> 16 & 0xFF) << RED | (long) (p >> 8 & 0xFF) << GREEN | (long) (p & 0xFF) << BLUE | 1;
    }

    /**
     * For every pixel the index of the nearest clean pixel of {@code side} (-1 if there is none), by a
     * breadth-first walk from all of them at once: each pixel takes the one its first reached neighbour took.
     */
    private static int[] nearest(byte[] clean, byte side, int w, int h) {
        int n = clean.length;
        int[] nearest = new int[n];
        int[] queue = new int[n];
        int tail = 0;
        for (int i = 0; i < n; i++) {
            nearest[i] = clean[i] == side ? i : -1;
        }
        // Seeds in index order, as a walk from all of them would take them; a seed whose four neighbours are all
        // seeds gives nothing to anyone, so it is left out of the queue (the walk's result is the same).
        for (int y = 0, i = 0; y < h; y++) {
            for (int x = 0; x < w; x++, i++) {
                boolean inner = (x == 0 || nearest[i - 1] >= 0) && (x == w - 1 || nearest[i + 1] >= 0)
                        && (i < w || nearest[i - w] >= 0) && (i + w >= n || nearest[i + w] >= 0);
                if (nearest[i] >= 0 && !inner) {
                    queue[tail++] = i;
                }
            }
        }
        for (int head = 0; head < tail; head++) {
            int i = queue[head];
            int x = i % w;
            if (x > 0 && nearest[i - 1] < 0) {
                nearest[i - 1] = nearest[i];
                queue[tail++] = i - 1;
            }
            if (x < w - 1 && nearest[i + 1] < 0) {
                nearest[i + 1] = nearest[i];
                queue[tail++] = i + 1;
            }
            if (i >= w && nearest[i - w] < 0) {
                nearest[i - w] = nearest[i];
                queue[tail++] = i - w;
            }
            if (i + w < n && nearest[i + w] < 0) {
                nearest[i + w] = nearest[i];
                queue[tail++] = i + w;
            }
        }
        return nearest;
    }
}
