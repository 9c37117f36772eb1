package dev.flowrun.support;

import java.awt.image.BufferedImage;
import java.util.function.IntBinaryOperator;
import java.util.function.IntPredicate;

/** Small images built and read pixel by pixel as ARGB ints, through BufferedImage's public API only. */
public final class Argb {
    private Argb() {
    }

    public static BufferedImage filled(int w, int h, int argb, boolean alpha) {
        BufferedImage image = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB
                : BufferedImage.TYPE_INT_RGB);
        return paint(image, 0, 0, w, h, (x, y) -> argb);
    }

    /** Paints the box from (x0, y0) to (x1, y1), the ends excluded, each pixel {@code argb(x, y)}; answers the image. */
    public static BufferedImage paint(BufferedImage image, int x0, int y0, int x1, int y1, IntBinaryOperator argb) {
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                image.setRGB(x, y, argb.applyAsInt(x, y));
            }
        }
        return image;
    }

    /** Bounds {x0, y0, x1, y1} (inclusive) of the pixels {@code counts} accepts; {MAX, MAX, -1, -1} if none. */
    public static int[] bounds(BufferedImage image, IntPredicate counts) {
        int x0 = Integer.MAX_VALUE, y0 = Integer.MAX_VALUE, x1 = -1, y1 = -1;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (counts.test(image.getRGB(x, y))) {
                    x0 = Math.min(x0, x);
                    y0 = Math.min(y0, y);
                    x1 = Math.max(x1, x);
                    y1 = Math.max(y1, y);
                }
            }
        }
        return new int[] {x0, y0, x1, y1};
    }

    /** One row of ARGB pixels, with alpha: the smallest picture a per-pixel test needs. */
    public static BufferedImage row(int... argb) {
        BufferedImage image = new BufferedImage(argb.length, 1, BufferedImage.TYPE_INT_ARGB);
        image.setRGB(0, 0, argb.length, 1, argb, 0, argb.length);
        return image;
    }

    /** Every pixel as ARGB, row-major. */
    public static int[] pixels(BufferedImage image) {
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }

    public static int alpha(int argb) {
        return argb >>> 24;
    }

    public static int red(int argb) {
        return argb >> 16 & 0xFF;
    }

    public static int green(int argb) {
        return argb >> 8 & 0xFF;
    }

    public static int blue(int argb) {
        return argb & 0xFF;
    }

    /** Largest per-channel difference of the RGB parts. */
    public static int colourDistance(int a, int b) {
        return Math.max(Math.abs(red(a) - red(b)), Math.max(Math.abs(green(a) - green(b)),
                Math.abs(blue(a) - blue(b))));
    }
}
