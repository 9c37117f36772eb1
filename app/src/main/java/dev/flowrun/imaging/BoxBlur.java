package dev.flowrun.imaging;

import java.awt.image.BufferedImage;

/**
 * Blur of one channel plane by running sums: each pass costs the same whatever the radius. Three box passes each
 * way come close to a Gaussian (the central limit: a box convolved with itself thrice is a smooth bell), the way
 * browsers blur shadows. Planes are row-major ints; outside the plane counts as {@code 0} or as the nearest edge.
 */
public final class BoxBlur {
    private BoxBlur() {
    }

    /**
     * Three box passes of {@code radius} each way, in place; {@code clamp}: beyond the edge is the edge's value.
     * Rows are blurred one by one; columns all at once, a row at a time, by a running sum per column, so that both
     * directions read memory in order.
     */
    public static void blur(int[] plane, int w, int h, int radius, boolean clamp) {
        if (radius <= 0) {
            return;
        }
        int[] line = new int[w];
        int[] out = new int[w];
        for (int y = 0; y < h; y++) {
            System.arraycopy(plane, y * w, line, 0, w);
            for (int pass = 0; pass < 3; pass++) {
                box(line, w, radius, clamp, out);
                int[] swap = line;
                line = out;
                out = swap;
            }
            System.arraycopy(line, 0, plane, y * w, w);
        }
        int[] source = new int[plane.length];
        int[] sums = new int[w];
        int size = 2 * radius + 1;
        long reciprocal = ((1L << 32) + size - 1) / size;
        long half = size / 2;
        for (int pass = 0; pass < 3; pass++) {
            System.arraycopy(plane, 0, source, 0, plane.length);
            java.util.Arrays.fill(sums, 0);
            for (int k = -radius; k <= radius; k++) {
                addRow(source, w, h, k, clamp, sums, 1);
            }
            for (int y = 0, i = 0; y < h; y++) {
                for (int x = 0; x < w; x++, i++) {
                    plane[i] = (int) ((sums[x] + half) * reciprocal >>> 32);
                }
                addRow(source, w, h, y + radius + 1, clamp, sums, 1);
                addRow(source, w, h, y - radius, clamp, sums, -1);
            }
        }
    }

    /** Adds row {@code y} of the plane ({@code sign} 1) or takes it away (-1) from the column sums. */
    private static void addRow(int[] plane, int w, int h, int y, boolean clamp, int[] sums, int sign) {
        if (y < 0 || y >= h) {
            if (!clamp) {
                return;
            }
            y = y < 0 ? 0 : h - 1;
        }
        int row = y * w;
        if (sign > 0) {
            for (int x = 0; x < w; x++) {
                sums[x] += plane[row + x];
            }
        } else {
            for (int x = 0; x < w; x++) {
                sums[x] -= plane[row + x];
            }
        }
    }

    /**
     * The mean of the {@code 2r + 1} values around each of {@code n}, rounded, kept by a sum that slides along; the
     * division is a multiplication by the window's reciprocal (in 32-bit fixed point, exact for these sums).
     */
    private static void box(int[] in, int n, int r, boolean clamp, int[] out) {
        int size = 2 * r + 1;
        long reciprocal = ((1L << 32) + size - 1) / size;
        long half = size / 2;
        long sum = 0;
        for (int k = -r; k <= r; k++) {
            sum += at(in, n, k, clamp);
        }
        // Away from both ends the window lies inside: no edge rule to ask for.
        int inside0 = Math.min(n, r);
        int inside1 = Math.max(inside0, n - r - 1);
        int i = 0;
        for (; i < inside0; i++) {
            out[i] = (int) ((sum + half) * reciprocal >>> 32);
            sum += at(in, n, i + r + 1, clamp) - at(in, n, i - r, clamp);
        }
        for (; i < inside1; i++) {
            out[i] = (int) ((sum + half) * reciprocal >>> 32);
            sum += in[i + r + 1] - in[i - r];
        }
        for (; i < n; i++) {
            out[i] = (int) ((sum + half) * reciprocal >>> 32);
            sum += at(in, n, i + r + 1, clamp) - at(in, n, i - r, clamp);
        }
    }

    private static int at(int[] in, int n, int i, boolean clamp) {
        if (i >= 0 && i < n) {
            return in[i];
        }
        return clamp ? in[i < 0 ? 0 : n - 1] : 0;
    }

    /**
     * The plane shrunk by a whole {@code factor} (each cell the mean of its block, blocks past the edge counted as
     * their part inside): a wide blur is done on it, then read back with {@link #sample}.
     */
    public static int[] shrink(int[] plane, int w, int h, int factor, int sw, int sh) {
        long[] sums = new long[sw * sh];
        int[] counts = new int[sw * sh];
        for (int y = 0; y < h; y++) {
            int row = (y / factor) * sw;
            for (int x = 0; x < w; x++) {
                int cell = row + x / factor;
                sums[cell] += plane[y * w + x];
                counts[cell]++;
            }
        }
        int[] small = new int[sw * sh];
        for (int i = 0; i < small.length; i++) {
            small[i] = counts[i] == 0 ? 0 : (int) ((sums[i] + counts[i] / 2) / counts[i]);
        }
        return small;
    }

    /**
     * Bilinear read of a plane shrunk by {@code factor} at full-size pixel ({@code x}, {@code y}), cell centres at
     * {@code (i + 0.5) · factor}; outside is the nearest edge.
     */
    public static int sample(int[] small, int sw, int sh, int factor, int x, int y) {
        if (factor == 1) {
            return small[y * sw + x];
        }
        float fx = (x + 0.5f) / factor - 0.5f;
        float fy = (y + 0.5f) / factor - 0.5f;
        int x0 = (int) Math.floor(fx);
        int y0 = (int) Math.floor(fy);
        float tx = fx - x0;
        float ty = fy - y0;
        int xa = Math.max(0, Math.min(sw - 1, x0));
        int xb = Math.max(0, Math.min(sw - 1, x0 + 1));
        int ya = Math.max(0, Math.min(sh - 1, y0)) * sw;
        int yb = Math.max(0, Math.min(sh - 1, y0 + 1)) * sw;
        float top = small[ya + xa] + (small[ya + xb] - small[ya + xa]) * tx;
        float bottom = small[yb + xa] + (small[yb + xb] - small[yb + xa]) * tx;
        return Math.round(top + (bottom - top) * ty);
    }

    /**
     * An opaque copy of {@code image} blurred by about {@code radius} px, edges extended: each channel shrunk by
     * {@code radius / 4}, blurred there and read back bilinearly, so a wide blur costs about what a narrow one does.
     */
    public static BufferedImage image(BufferedImage image, int radius) {
        int w = image.getWidth();
        int h = image.getHeight();
        int factor = Math.max(1, radius / 4);
        int sw = (w + factor - 1) / factor;
        int sh = (h + factor - 1) / factor;
        int[] px = Pixels.readOnly(image);
        int[][] small = new int[3][];
        int[] plane = new int[w * h];
        for (int c = 0; c < 3; c++) {
            int shift = 16 - 8 * c;
            for (int i = 0; i < plane.length; i++) {
                plane[i] = px[i] >> shift & 0xFF;
            }
            small[c] = factor == 1 ? plane.clone() : shrink(plane, w, h, factor, sw, sh);
            blur(small[c], sw, sh, Math.max(1, radius / (3 * factor)), true);
        }
        BufferedImage out = Pixels.create(w, h, false);
        int[] dst = Pixels.data(out);
        for (int y = 0, i = 0; y < h; y++) {
            for (int x = 0; x < w; x++, i++) {
                dst[i] = 0xFF000000 | sample(small[0], sw, sh, factor, x, y) << 16
                        | sample(small[1], sw, sh, factor, x, y) << 8 | sample(small[2], sw, sh, factor, x, y);
            }
        }
        return out;
    }
}
