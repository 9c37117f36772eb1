package dev.flowrun.imaging;

import java.awt.AlphaComposite;
import java.awt.Graphics2D;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.WritableRaster;

/** Converts whatever a reader produced (16-bit, gray, palette, BGR...) to TYPE_INT_ARGB or TYPE_INT_RGB. */
final class Normalise {
    private Normalise() {
    }

    static BufferedImage toIntRgbOrArgb(BufferedImage image) {
        int type = image.getType();
        if (type == BufferedImage.TYPE_INT_ARGB || type == BufferedImage.TYPE_INT_RGB) {
            return image;
        }
        ColorModel cm = image.getColorModel();
        boolean alpha = cm.hasAlpha();
        if (cm.getColorSpace().getType() == ColorSpace.TYPE_GRAY
                && image.getRaster().getNumBands() == (alpha ? 2 : 1)) {
            return fromGray(image, alpha);
        }
        BufferedImage out = Pixels.create(image.getWidth(), image.getHeight(), alpha);
        Graphics2D g = out.createGraphics();
        try {
            g.setComposite(AlphaComposite.Src); // copy alpha as is, do not blend onto the empty canvas
            g.drawImage(image, 0, 0, null);
        } finally {
            g.dispose();
        }
        return out;
    }

    /**
     * Gray samples used as they are. Java's gray colour space is linear, so going through the colour model
     * would "correct" ordinary (gamma-encoded) gray files and brighten them.
     */
    private static BufferedImage fromGray(BufferedImage image, boolean alpha) {
        int w = image.getWidth();
        int h = image.getHeight();
        WritableRaster raster = image.getRaster();
        ColorModel cm = image.getColorModel();
        int grayMax = (1 << cm.getComponentSize(0)) - 1;
        int alphaMax = alpha ? (1 << cm.getComponentSize(1)) - 1 : 1;
        BufferedImage out = Pixels.create(w, h, alpha);
        int[] dst = Pixels.data(out);
        int[] gray = new int[w];
        int[] a = new int[w];
        for (int y = 0; y < h; y++) {
            raster.getSamples(0, y, w, 1, 0, gray);
            if (alpha) {
                raster.getSamples(0, y, w, 1, 1, a);
            }
            for (int x = 0; x < w; x++) {
                int v = scale(gray[x], grayMax);
                int av = alpha ? scale(a[x], alphaMax) : 255;
                dst[y * w + x] = av << 24 | v << 16 | v << 8 | v;
            }
        }
        return out;
    }

    private static int scale(int value, int max) {
        return max == 255 ? value : (int) ((value * 255L + max / 2) / max);
    }
}
