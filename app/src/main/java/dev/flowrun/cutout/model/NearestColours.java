package dev.flowrun.cutout.model;

import dev.flowrun.imaging.ParallelRows;
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
    /** Planes: subject red, green, blue, then backdrop red, green, blue; 0..255, defined everywhere. */
    final float[][] planes;

    private NearestColours(float[][] planes) {
        this.planes = planes;
    }

    static NearestColours of(int[] guide, float[] trimap, int w, int h) {
        byte[] clean = clean(trimap, w, h);
        float[][] planes = new float[6][];
        ForkJoinTask<?> backdrop = ForkJoinPool.commonPool().submit(() -> side(guide, clean, BACKDROP, planes, 3,
                w, h));
        side(guide, clean, SUBJECT, planes, 0, w, h);
        backdrop.join();
        int radius = Trimap.band(w, h);
        for (int k = 0; k < planes.length; k++) {
            planes[k] = BoxMean.of(planes[k], w, h, radius);
        }
        return new NearestColours(planes);
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

    /**
     * Fills planes {@code first}..{@code first + 2} with the colour of the nearest clean pixel of {@code side}
     * (the mean over the clean pixels of its 3×3 window); with no clean pixel at all (a picture that is all edge)
     * the picture's own colours.
     */
    private static void side(int[] guide, byte[] clean, byte side, float[][] planes, int first, int w, int h) {
        int[] nearest = nearest(clean, side, w, h);
        long[] sums = windowSums(guide, clean, side, w, h);
        float[] red = new float[w * h];
        float[] green = new float[w * h];
        float[] blue = new float[w * h];
        ParallelRows.run(h, 16, (from, to) -> {
            for (int i = from * w; i < to * w; i++) {
                int o = nearest[i];
                if (o < 0) {
                    int p = guide[i];
                    red[i] = p >> 16 & 0xFF;
                    green[i] = p >> 8 & 0xFF;
                    blue[i] = p & 0xFF;
                    continue;
                }
                long sum = sums[o];
                int count = (int) (sum & COUNT_MASK);
                red[i] = (float) (int) (sum >>> RED & FIELD_MASK) / count;
                green[i] = (float) (int) (sum >>> GREEN & FIELD_MASK) / count;
                blue[i] = (float) (int) (sum >>> BLUE & FIELD_MASK) / count;
            }
        });
        planes[first] = red;
        planes[first + 1] = green;
        planes[first + 2] = blue;
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
