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

    /** Three box passes of {@code radius} each way, in place; {@code clamp}: beyond the edge is the edge's value. */
    public static void blur(int[] plane, int w, int h, int radius, boolean clamp) {
        if (radius <= 0) {
            return;
        }
        int[] line = new int[Math.max(w, h)];
        int[] out = new int[Math.max(w, h)];
        for (int pass = 0; pass < 3; pass++) {
            for (int y = 0; y < h; y++) {
                System.arraycopy(plane, y * w, line, 0, w);
                box(line, w, radius, clamp, out);
                System.arraycopy(out, 0, plane, y * w, w);
            }
            for (int x = 0; x < w; x++) {
                for (int y = 0, i = x; y < h; y++, i += w) {
                    line[y] = plane[i];
                }
                box(line, h, radius, clamp, out);
                for (int y = 0, i = x; y < h; y++, i += w) {
                    plane[i] = out[y];
                }
            }
        }
    }

    /** The mean of the {@code 2r + 1} values around each of {@code n}, rounded, kept by a sum that slides along. */
    private static void box(int[] in, int n, int r, boolean clamp, int[] out) {
        int size = 2 * r + 1;
        long sum = 0;
        for (int k = -r; k <= r; k++) {
            sum += at(in, n, k, clamp);
        }
        for (int i = 0; i < n; i++) {
            out[i] = (int) ((sum + size / 2) / size);
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
