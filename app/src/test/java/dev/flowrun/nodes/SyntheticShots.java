package dev.flowrun.nodes;

import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;
import java.util.Random;

/**
 * Generated product-style photos with a known subject mask: anti-aliased shapes (4×4 supersampling) over
 * backdrops with a little sensor noise.
 */
final class SyntheticShots {
    interface Shape {
        boolean contains(double x, double y);
    }

    interface Backdrop {
        int colour(int x, int y);
    }

    /** The photo and, per pixel, whether the subject covers at least half of it. */
    record Shot(BufferedImage image, boolean[] truth) {
    }

    private SyntheticShots() {
    }

    static Shot render(int w, int h, Shape shape, int subject, Backdrop backdrop, int noise, long seed) {
        Random random = new Random(seed);
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        boolean[] truth = new boolean[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int inside = 0;
                for (int sy = 0; sy < 4; sy++) {
                    for (int sx = 0; sx < 4; sx++) {
                        inside += shape.contains(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4) ? 1 : 0;
                    }
                }
                double cover = inside / 16.0;
                truth[y * w + x] = cover >= 0.5;
                int bg = backdrop.colour(x, y);
                int rgb = 0;
                for (int shift = 16; shift >= 0; shift -= 8) {
                    double v = (subject >> shift & 0xFF) * cover + (bg >> shift & 0xFF) * (1 - cover);
                    v += noise == 0 ? 0 : random.nextGaussian() * noise;
                    rgb |= (int) Math.max(0, Math.min(255, Math.round(v))) << shift;
                }
                image.setRGB(x, y, 0xFF000000 | rgb);
            }
        }
        return new Shot(image, truth);
    }

    static Shape circle(double cx, double cy, double r) {
        return (x, y) -> (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r;
    }

    static Shape ring(double cx, double cy, double inner, double outer) {
        return (x, y) -> {
            double d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
            return d2 <= outer * outer && d2 >= inner * inner;
        };
    }

    static Backdrop flat(int rgb) {
        return (x, y) -> rgb;
    }

    static Backdrop verticalGradient(int top, int bottom, int h) {
        return (x, y) -> {
            double t = (double) y / (h - 1);
            int rgb = 0;
            for (int shift = 16; shift >= 0; shift -= 8) {
                rgb |= (int) Math.round((top >> shift & 0xFF) * (1 - t) + (bottom >> shift & 0xFF) * t) << shift;
            }
            return rgb;
        };
    }

    /** Intersection over union of (alpha > 127) and the true mask. */
    static double iou(BufferedImage cutout, boolean[] truth) {
        int[] px = Argb.pixels(cutout);
        int both = 0;
        int either = 0;
        for (int i = 0; i < px.length; i++) {
            boolean mine = (px[i] >>> 24) > 127;
            both += mine && truth[i] ? 1 : 0;
            either += mine || truth[i] ? 1 : 0;
        }
        return either == 0 ? 1 : (double) both / either;
    }
}
