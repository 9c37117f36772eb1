package dev.flowrun.imaging;

import dev.flowrun.work.WorkBudget;
import java.awt.image.BufferedImage;

/**
 * Exact pixel rearrangements (no interpolation): rotations by right angles, mirrors, the two diagonal reflections
 * EXIF orientations need, and crops. Each returns a new image with the source's alpha-ness.
 */
public final class Remap {
    private Remap() {
    }

    /** Rotates clockwise by 90, 180 or 270 degrees. */
    public static BufferedImage rotateClockwise(BufferedImage image, int degrees) {
        return switch (degrees) {
            case 90 -> map(image, true, (x, y, w, h) -> (h - 1 - y) + x * h);
            case 180 -> map(image, false, (x, y, w, h) -> (w - 1 - x) + (h - 1 - y) * w);
            case 270 -> map(image, true, (x, y, w, h) -> y + (w - 1 - x) * h);
            default -> throw new IllegalArgumentException("degrees must be 90, 180 or 270: " + degrees);
        };
    }

    /** Left ↔ right. */
    public static BufferedImage flipHorizontal(BufferedImage image) {
        return map(image, false, (x, y, w, h) -> (w - 1 - x) + y * w);
    }

    /** Top ↔ bottom. */
    public static BufferedImage flipVertical(BufferedImage image) {
        return map(image, false, (x, y, w, h) -> x + (h - 1 - y) * w);
    }

    /** Reflection in the main diagonal: (x, y) → (y, x). */
    static BufferedImage transpose(BufferedImage image) {
        return map(image, true, (x, y, w, h) -> y + x * h);
    }

    /** Reflection in the anti-diagonal: (x, y) → (h-1-y, w-1-x). */
    static BufferedImage transverse(BufferedImage image) {
        return map(image, true, (x, y, w, h) -> (h - 1 - y) + (w - 1 - x) * h);
    }

    /** The given rectangle, which must lie inside the image, copied row by row (nothing else is copied). */
    public static BufferedImage crop(BufferedImage image, int x, int y, int width, int height) {
        BufferedImage result = Pixels.create(width, height, Pixels.hasAlpha(image));
        int[] dst = Pixels.data(result);
        if (Pixels.isWholeIntImage(image)) {
            int[] src = Pixels.data(image);
            int w = image.getWidth();
            for (int row = 0; row < height; row++) {
                System.arraycopy(src, (y + row) * w + x, dst, row * width, width);
            }
        } else {
            image.getRGB(x, y, width, height, dst, 0, width);
        }
        return result;
    }

    /** Where the source pixel (x, y) of a w×h image lands, as an index into the result's row-major array. */
    @FunctionalInterface
    private interface Target {
        int index(int x, int y, int w, int h);
    }

    private static BufferedImage map(BufferedImage image, boolean swapsSides, Target target) {
        int w = image.getWidth();
        int h = image.getHeight();
        int[] src = Pixels.readOnly(image);
        BufferedImage result = swapsSides
                ? Pixels.create(h, w, Pixels.hasAlpha(image))
                : Pixels.create(w, h, Pixels.hasAlpha(image));
        int[] dst = Pixels.data(result);
        for (int y = 0, i = 0; y < h; y++) {
            WorkBudget.check();
            for (int x = 0; x < w; x++, i++) {
                dst[target.index(x, y, w, h)] = src[i];
            }
        }
        return result;
    }
}
