package dev.flowrun.cutout.model;

/** The mean of a float plane over a (2r + 1)² window, the window clipped at the borders. O(pixels) for any r. */
final class BoxMean {
    private BoxMean() {
    }

    static float[] of(float[] in, int w, int h, int r) {
        float[] horizontal = new float[in.length];
        for (int y = 0; y < h; y++) {
            int row = y * w;
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
        float[] out = new float[in.length];
        double[] column = new double[w];
        for (int y = 0; y <= Math.min(r, h - 1); y++) {
            for (int x = 0; x < w; x++) {
                column[x] += horizontal[y * w + x];
            }
        }
        for (int y = 0; y < h; y++) {
            int count = Math.min(h - 1, y + r) - Math.max(0, y - r) + 1;
            int add = (y + r + 1) * w;
            int drop = (y - r) * w;
            for (int x = 0; x < w; x++) {
                out[y * w + x] = (float) (column[x] / count);
                if (y + r + 1 < h) {
                    column[x] += horizontal[add + x];
                }
                if (y - r >= 0) {
                    column[x] -= horizontal[drop + x];
                }
            }
        }
        return out;
    }
}
