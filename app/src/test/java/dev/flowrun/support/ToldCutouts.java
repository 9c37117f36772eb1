package dev.flowrun.support;

import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.Cutout;
import dev.flowrun.cutout.CutoutMethod;
import java.awt.image.BufferedImage;

/**
 * A background remover whose confidence the picture sets, so a test knows each cut-out's: the top-left pixel's red
 * over 255; the method is the model where that pixel's blue is full, else classic. Every pixel is kept.
 */
public final class ToldCutouts {
    public static final BackgroundRemover REMOVER = (image, tolerance, feather) -> {
        int corner = image.getRGB(0, 0);
        BufferedImage copy = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_ARGB);
        copy.getGraphics().drawImage(image, 0, 0, null);
        return new Cutout(copy, (corner & 0xFF) == 0xFF ? CutoutMethod.MODEL : CutoutMethod.CLASSIC,
                (corner >> 16 & 0xFF) / 255.0);
    };

    private ToldCutouts() {
    }

    /** 8×8 PNG: the left half of red {@code left}, the right half of red {@code right}, blue {@code blue}. */
    public static byte[] picture(int left, int right, int blue) {
        BufferedImage image = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                image.setRGB(x, y, (x < 4 ? left : right) << 16 | 0x40 << 8 | blue);
            }
        }
        return Images.encode(image, "png");
    }
}
