package dev.flowrun.nodes;

/** Separable box blur of a 0/1 mask into 0–255 alpha, edges clamped, O(pixels) for any radius. */
final class BoxBlur {
    private BoxBlur() {
    }

    /** {@code radius} at most 63, so a horizontal window sum fits in a byte. */
    static byte[] of(byte[] mask, int w, int h, int radius) {
        int window = 2 * radius + 1;
        byte[] horizontal = new byte[mask.length];
        for (int y = 0; y < h; y++) {
            int row = y * w;
            int sum = 0;
            for (int k = -radius; k <= radius; k++) {
                sum += mask[row + clamp(k, w)];
            }
            for (int x = 0; x < w; x++) {
                horizontal[row + x] = (byte) sum;
                sum += mask[row + clamp(x + radius + 1, w)] - mask[row + clamp(x - radius, w)];
            }
        }
        int area = window * window;
        int[] column = new int[w];
        for (int k = -radius; k <= radius; k++) {
            int row = clamp(k, h) * w;
            for (int x = 0; x < w; x++) {
                column[x] += horizontal[row + x];
            }
        }
        byte[] alpha = new byte[mask.length];
        for (int y = 0; y < h; y++) {
            int row = y * w;
            int add = clamp(y + radius + 1, h) * w;
            int drop = clamp(y - radius, h) * w;
            for (int x = 0; x < w; x++) {
                alpha[row + x] = (byte) ((column[x] * 255 + area / 2) / area);
                column[x] += horizontal[add + x] - horizontal[drop + x];
            }
        }
        return alpha;
    }

    private static int clamp(int i, int size) {
        return i < 0 ? 0 : Math.min(size - 1, i);
    }
}
