package dev.flowrun.support;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Test images made in code: a coloured disc on a plain background, like a simple product shot. */
public final class Images {
    private Images() {
    }

    public static BufferedImage disc(int width, int height, Color background, Color subject) {
        var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(background);
        g.fillRect(0, 0, width, height);
        g.setColor(subject);
        int d = Math.min(width, height) / 2;
        g.fillOval((width - d) / 2, (height - d) / 2, d, d);
        g.dispose();
        return image;
    }

    public static byte[] encode(BufferedImage image, String format) {
        try {
            var out = new ByteArrayOutputStream();
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalArgumentException("no writer for " + format);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static BufferedImage decode(byte[] bytes) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            if (image == null) {
                throw new AssertionError("not an image (" + bytes.length + " bytes)");
            }
            return image.getType() == BufferedImage.TYPE_BYTE_GRAY ? levels(image) : image;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A gray PNG's levels as they are in the file: Java's gray colour space is linear, so {@code getRGB} on the
     * image ImageIO returns would brighten every mid gray.
     */
    private static BufferedImage levels(BufferedImage gray) {
        int w = gray.getWidth();
        int h = gray.getHeight();
        int[] levels = gray.getRaster().getSamples(0, 0, w, h, 0, (int[]) null);
        BufferedImage rgb = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int i = 0; i < levels.length; i++) {
            int v = levels[i];
            rgb.setRGB(i % w, i / w, v << 16 | v << 8 | v);
        }
        return rgb;
    }

    public static byte[] pngDisc() {
        return encode(disc(120, 90, Color.WHITE, new Color(200, 30, 30)), "png");
    }

    public static byte[] jpegDisc() {
        return encode(disc(160, 120, Color.WHITE, new Color(30, 60, 200)), "jpg");
    }
}
