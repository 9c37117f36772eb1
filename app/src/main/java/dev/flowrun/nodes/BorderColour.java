package dev.flowrun.nodes;

/** Estimates the background colour of an opaque image from its outermost pixels. */
final class BorderColour {
    private BorderColour() {
    }

    /**
     * The average of the border pixels that fall in the most common colour bucket (4 bits per channel). A bucket
     * vote, unlike a plain average, ignores an object that touches part of the border.
     */
    static int dominant(int[] px, int w, int h) {
        int[] count = new int[4096];
        long[] sum = new long[4096 * 3];
        for (int x = 0; x < w; x++) {
            add(px[x], count, sum);
            if (h > 1) {
                add(px[(h - 1) * w + x], count, sum);
            }
        }
        for (int y = 1; y < h - 1; y++) {
            add(px[y * w], count, sum);
            if (w > 1) {
                add(px[y * w + w - 1], count, sum);
            }
        }
        int best = 0;
        for (int b = 1; b < count.length; b++) {
            if (count[b] > count[best]) {
                best = b;
            }
        }
        int n = Math.max(1, count[best]);
        int r = (int) (sum[best * 3] / n);
        int g = (int) (sum[best * 3 + 1] / n);
        int b = (int) (sum[best * 3 + 2] / n);
        return 0xFF000000 | r << 16 | g << 8 | b;
    }

    private static void add(int p, int[] count, long[] sum) {
        int r = p >> 16 & 0xFF;
        int g = p >> 8 & 0xFF;
        int b = p & 0xFF;
        int bucket = (r >> 4) << 8 | (g >> 4) << 4 | (b >> 4);
        count[bucket]++;
        sum[bucket * 3] += r;
        sum[bucket * 3 + 1] += g;
        sum[bucket * 3 + 2] += b;
    }
}
