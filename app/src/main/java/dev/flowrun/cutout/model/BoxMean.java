package dev.flowrun.cutout.model;

import dev.flowrun.imaging.ParallelRows;

/**
 * The mean of a float plane over a (2r + 1)² window, the window clipped at the borders. O(pixels) for any r: running
 * sums along each row, then down each column; rows, then strips of columns, in parallel ({@link ParallelRows}).
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
            for (int y = from; y < to; y++) {
                if (times == null) {
                    row(in, y * w, w, r, horizontal);
                } else {
                    row(in, times, y * w, w, r, horizontal);
                }
            }
        });
        float[] out = new float[in.length];
        ParallelRows.run((w + STRIP - 1) / STRIP, 1, (from, to) -> columns(horizontal, from * STRIP,
                Math.min(w, to * STRIP), w, h, r, out));
        return out;
    }

    private static void row(float[] in, int row, int w, int r, float[] horizontal) {
        double sum = 0;
        for (int x = 0; x <= Math.min(r, w - 1); x++) {
            sum += in[row + x];
        }
        for (int x = 0; x < w; x++) {
            int lo = Math.max(0, x - r);
            int hi = Math.min(w - 1, x + r);
            horizontal[row + x] = (float) (sum / (hi - lo + 1));
            if (x + r + 1 < w) {
                sum += in[row + x + r + 1];
            }
            if (x - r >= 0) {
                sum -= in[row + x - r];
            }
        }
    }

    /** {@link #row} of the product {@code a · b}, each product rounded to float as a plane of it would be. */
    private static void row(float[] a, float[] b, int row, int w, int r, float[] horizontal) {
        double sum = 0;
        for (int x = 0; x <= Math.min(r, w - 1); x++) {
            sum += a[row + x] * b[row + x];
        }
        for (int x = 0; x < w; x++) {
            int lo = Math.max(0, x - r);
            int hi = Math.min(w - 1, x + r);
            horizontal[row + x] = (float) (sum / (hi - lo + 1));
            int add = row + x + r + 1;
            if (x + r + 1 < w) {
                sum += a[add] * b[add];
            }
            int drop = row + x - r;
            if (x - r >= 0) {
                sum -= a[drop] * b[drop];
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
