package dev.flowrun.cutout.model;

import dev.flowrun.imaging.ParallelRows;

/**
 * The mean of a float plane over a (2r + 1)² window, the window clipped at the borders. O(pixels) for any r: running
 * sums along each row (four rows at a time), then down each column; rows, then strips of columns, in parallel
 * ({@link ParallelRows}).
 */
final class BoxMean {
    /** Columns per strip of the vertical pass: one strip's running sums stay in the first-level cache. */
    private static final int STRIP = 256;

    private BoxMean() {
    }

    static float[] of(float[] in, int w, int h, int r) {
        return of(in, null, w, h, r);
    }

    /** The box mean of the product {@code x · y} (as floats), without a plane of the product. */
    static float[] ofProduct(float[] x, float[] y, int w, int h, int r) {
        return of(x, y, w, h, r);
    }

    private static float[] of(float[] in, float[] times, int w, int h, int r) {
        float[] horizontal = new float[in.length];
        ParallelRows.run(h, 16, (from, to) -> {
            int row = from;
            for (; row + 4 <= to; row += 4) {
                rows(in, times, row * w, w, r, horizontal);
            }
            for (; row < to; row++) {
                edges(in, times, row * w, w, r, horizontal);
            }
        });
        float[] out = new float[in.length];
        ParallelRows.run((w + STRIP - 1) / STRIP, 1, (from, to) -> columns(horizontal, from * STRIP,
                Math.min(w, to * STRIP), w, h, r, out));
        return out;
    }

    /** The value summed at {@code i}: the input, or its product with {@code times} rounded to float. */
    private static double at(float[] in, float[] times, int i) {
        return times == null ? in[i] : in[i] * times[i];
    }

    /**
     * The running sum along one row, each output its window's sum divided by the window's width clipped at the row's
     * ends. Every row goes through exactly these additions and subtractions in this order, whichever way it is
     * computed ({@link #rows}), so the means do not depend on it.
     */
    private static void edges(float[] in, float[] times, int row, int w, int r, float[] horizontal) {
        double sum = 0;
        for (int x = 0; x <= Math.min(r, w - 1); x++) {
            sum += at(in, times, row + x);
        }
        for (int x = 0; x < w; x++) {
            int lo = Math.max(0, x - r);
            int hi = Math.min(w - 1, x + r);
            horizontal[row + x] = (float) (sum / (hi - lo + 1));
            if (x + r + 1 < w) {
                sum += at(in, times, row + x + r + 1);
            }
            if (x - r >= 0) {
                sum -= at(in, times, row + x - r);
            }
        }
    }

    /**
     * Four rows from {@code row} at once: the same sums as {@link #edges} for each, their dependency chains side by
     * side so the processor overlaps them (one row's running sum is a chain of dependent additions). The window is
     * whole between the ends, so there the width is 2r + 1 and every step adds and drops.
     */
    private static void rows(float[] in, float[] times, int row, int w, int r, float[] horizontal) {
        int inside0 = r; // the first x whose window drops a value
        int inside1 = w - r - 1; // the first x whose window adds none
        if (inside1 - inside0 < 16) {
            for (int k = 0; k < 4; k++) {
                edges(in, times, row + k * w, w, r, horizontal);
            }
            return;
        }
        int r0 = row;
        int r1 = row + w;
        int r2 = row + 2 * w;
        int r3 = row + 3 * w;
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        for (int x = 0; x <= r; x++) {
            s0 += at(in, times, r0 + x);
            s1 += at(in, times, r1 + x);
            s2 += at(in, times, r2 + x);
            s3 += at(in, times, r3 + x);
        }
        for (int x = 0; x < inside0; x++) { // the left end: adds only
            double count = Math.min(w - 1, x + r) + 1;
            horizontal[r0 + x] = (float) (s0 / count);
            horizontal[r1 + x] = (float) (s1 / count);
            horizontal[r2 + x] = (float) (s2 / count);
            horizontal[r3 + x] = (float) (s3 / count);
            s0 += at(in, times, r0 + x + r + 1);
            s1 += at(in, times, r1 + x + r + 1);
            s2 += at(in, times, r2 + x + r + 1);
            s3 += at(in, times, r3 + x + r + 1);
        }
        double count = 2 * r + 1;
        for (int x = inside0; x < inside1; x++) { // the window whole: adds and drops
            int add = x + r + 1;
            int drop = x - r;
            horizontal[r0 + x] = (float) (s0 / count);
            horizontal[r1 + x] = (float) (s1 / count);
            horizontal[r2 + x] = (float) (s2 / count);
            horizontal[r3 + x] = (float) (s3 / count);
            s0 += at(in, times, r0 + add);
            s1 += at(in, times, r1 + add);
            s2 += at(in, times, r2 + add);
            s3 += at(in, times, r3 + add);
            s0 -= at(in, times, r0 + drop);
            s1 -= at(in, times, r1 + drop);
            s2 -= at(in, times, r2 + drop);
            s3 -= at(in, times, r3 + drop);
        }
        double[] sums = {s0, s1, s2, s3};
        for (int k = 0; k < 4; k++) { // the right end: drops only
            int rk = row + k * w;
            double sum = sums[k];
            for (int x = inside1; x < w; x++) {
                horizontal[rk + x] = (float) (sum / (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1));
                sum -= at(in, times, rk + x - r);
            }
        }
    }

    /** The vertical pass for columns {@code [x0, x1)}. */
    private static void columns(float[] horizontal, int x0, int x1, int w, int h, int r, float[] out) {
        double[] column = new double[x1 - x0];
        for (int y = 0; y <= Math.min(r, h - 1); y++) {
            for (int x = x0; x < x1; x++) {
                column[x - x0] += horizontal[y * w + x];
            }
        }
        for (int y = 0; y < h; y++) {
            int count = Math.min(h - 1, y + r) - Math.max(0, y - r) + 1;
            int add = (y + r + 1) * w;
            int drop = (y - r) * w;
            boolean adding = y + r + 1 < h;
            boolean dropping = y - r >= 0;
            for (int x = x0; x < x1; x++) {
                out[y * w + x] = (float) (column[x - x0] / count);
                if (adding) {
                    column[x - x0] += horizontal[add + x];
                }
                if (dropping) {
                    column[x - x0] -= horizontal[drop + x];
                }
            }
        }
    }
}
