package dev.flowrun.nodes.scenes;

import java.util.Random;

/** Studio backdrops as colour functions of position: plain, graded (a sweep or a vignette) and lightly textured. */
public final class Backdrops {
    /** Packed RGB at pixel (x, y). */
    @FunctionalInterface
    public interface Backdrop {
        int rgb(int x, int y);
    }

    private Backdrops() {
    }

    public static Backdrop flat(int rgb) {
        return (x, y) -> rgb;
    }

    /** Linear from {@code from} to {@code to} along the direction {@code angle} (radians), across the image. */
    public static Backdrop linear(int from, int to, double angle, int w, int h) {
        double dx = Math.cos(angle);
        double dy = Math.sin(angle);
        double lo = Math.min(0, dx * (w - 1)) + Math.min(0, dy * (h - 1));
        double hi = Math.max(0, dx * (w - 1)) + Math.max(0, dy * (h - 1));
        return (x, y) -> mix(from, to, (x * dx + y * dy - lo) / (hi - lo));
    }

    /** Bright in the middle, falling off to {@code edge} in the corners: a lit seamless paper. */
    public static Backdrop vignette(int centre, int edge, int w, int h) {
        double cx = (w - 1) / 2.0;
        double cy = (h - 1) / 2.0;
        double max = cx * cx + cy * cy;
        return (x, y) -> mix(centre, edge, ((x - cx) * (x - cx) + (y - cy) * (y - cy)) / max);
    }

    /**
     * Paper or fabric: {@code base} with a slow blotchy variation of about ±{@code blotch} levels (value noise
     * on a coarse grid) and a fine weave of ±{@code weave} levels.
     */
    public static Backdrop textured(Backdrop base, int w, int h, double blotch, double weave, long seed) {
        int cell = 48;
        int gw = w / cell + 2;
        int gh = h / cell + 2;
        double[] grid = new double[gw * gh];
        Random random = new Random(seed);
        for (int i = 0; i < grid.length; i++) {
            grid[i] = (random.nextDouble() * 2 - 1) * blotch;
        }
        double period = 3 + random.nextInt(3);
        return (x, y) -> {
            double gx = (double) x / cell;
            double gy = (double) y / cell;
            int ix = (int) gx;
            int iy = (int) gy;
            double fx = smooth(gx - ix);
            double fy = smooth(gy - iy);
            double top = grid[iy * gw + ix] * (1 - fx) + grid[iy * gw + ix + 1] * fx;
            double bottom = grid[(iy + 1) * gw + ix] * (1 - fx) + grid[(iy + 1) * gw + ix + 1] * fx;
            double offset = top * (1 - fy) + bottom * fy
                    + weave * Math.sin(2 * Math.PI * x / period) * Math.sin(2 * Math.PI * y / period);
            return shift(base.rgb(x, y), offset);
        };
    }

    static int mix(int from, int to, double t) {
        t = Math.max(0, Math.min(1, t));
        int rgb = 0;
        for (int s = 16; s >= 0; s -= 8) {
            rgb |= (int) Math.round((from >> s & 0xFF) * (1 - t) + (to >> s & 0xFF) * t) << s;
        }
        return rgb;
    }

    private static int shift(int rgb, double offset) {
        int out = 0;
        for (int s = 16; s >= 0; s -= 8) {
            out |= (int) Math.max(0, Math.min(255, Math.round((rgb >> s & 0xFF) + offset))) << s;
        }
        return out;
    }

    private static double smooth(double t) {
        return t * t * (3 - 2 * t);
    }
}
