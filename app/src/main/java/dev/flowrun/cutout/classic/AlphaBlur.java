package dev.flowrun.cutout.classic;

import dev.flowrun.work.WorkBudget;

/** Separable box blur of 0–255 alpha, edges clamped, O(pixels) for any radius. */
public final class AlphaBlur {
    private AlphaBlur() {
    }

    /** {@code radius} at most 63, so a horizontal window sum fits in a short. */
    public static byte[] of(byte[] alpha, int w, int h, int radius) {
        int window = 2 * radius + 1;
        short[] horizontal = new short[alpha.length];
        for (int y = 0; y < h; y++) {
            WorkBudget.check();
            int row = y * w;
            int sum = 0;
            for (int k = -radius; k <= radius; k++) {
                sum += alpha[row + clamp(k, w)] & 0xFF;
            }
            for (int x = 0; x < w; x++) {
                horizontal[row + x] = (short) sum;
                sum += (alpha[row + clamp(x + radius + 1, w)] & 0xFF) - (alpha[row + clamp(x - radius, w)] & 0xFF);
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
        byte[] out = new byte[alpha.length];
        for (int y = 0; y < h; y++) {
            WorkBudget.check();
            int row = y * w;
            int add = clamp(y + radius + 1, h) * w;
            int drop = clamp(y - radius, h) * w;
            for (int x = 0; x < w; x++) {
                out[row + x] = (byte) ((column[x] + area / 2) / area);
                column[x] += horizontal[add + x] - horizontal[drop + x];
            }
        }
        return out;
    }

    private static int clamp(int i, int size) {
        return i < 0 ? 0 : Math.min(size - 1, i);
    }
}
