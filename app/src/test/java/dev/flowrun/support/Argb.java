package dev.flowrun.support;

import java.awt.image.BufferedImage;

/** Small images built and read pixel by pixel as ARGB ints, through BufferedImage's public API only. */
public final class Argb {
    private Argb() {
    }

    public static BufferedImage filled(int w, int h, int argb, boolean alpha) {
        BufferedImage image = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB
                : BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                image.setRGB(x, y, argb);
            }
        }
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
