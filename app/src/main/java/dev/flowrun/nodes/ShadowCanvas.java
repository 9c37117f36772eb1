package dev.flowrun.nodes;

import dev.flowrun.imaging.Colors;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.ResultTooLarge;
import java.awt.image.BufferedImage;

/** What the two shadows share: the subject's outline, the enlarged canvas, and painting the subject over the shade. */
final class ShadowCanvas {
    private ShadowCanvas() {
    }

    /** An image with transparency and the box of its visible pixels (inclusive). */
    record Subject(BufferedImage image, int[] px, int w, int h, int x0, int y0, int x1, int y1) {
        int height() {
            return y1 - y0 + 1;
        }

        int alpha(int x, int y) {
            return px[y * w + x] >>> 24;
        }

        /** Null for an image without an alpha channel, or whose pixels are all opaque, or all empty. */
        static Subject of(BufferedImage image) {
            if (!Pixels.hasAlpha(image)) {
                return null;
            }
            int w = image.getWidth();
            int h = image.getHeight();
            int[] px = Pixels.readOnly(image);
            int x0 = w;
            int y0 = h;
            int x1 = -1;
            int y1 = -1;
            boolean transparent = false;
            for (int y = 0, i = 0; y < h; y++) {
                for (int x = 0; x < w; x++, i++) {
                    int a = px[i] >>> 24;
                    transparent |= a != 255;
                    if (a > Pixels.EMPTY_ALPHA) {
                        x0 = Math.min(x0, x);
                        x1 = Math.max(x1, x);
                        y0 = Math.min(y0, y);
                        y1 = y;
                    }
                }
            }
            return transparent && x1 >= 0 ? new Subject(image, px, w, h, x0, y0, x1, y1) : null;
        }
    }

    /**
     * A shade of 0–255 on the canvas, and how far the canvas grows beyond the image on each side to hold it (the
     * image sits at ({@code left}, {@code top})).
     */
    interface Mask {
        int left();

        int top();

        int right();

        int bottom();

        /** The shade at canvas pixel ({@code x}, {@code y}). */
        int at(int x, int y);

        /** The shades of canvas row {@code y}, all {@code width} of them, into {@code out}. */
        default void row(int y, int width, int[] out) {
            for (int x = 0; x < width; x++) {
                out[x] = at(x, y);
            }
        }
    }

    /**
     * The canvas with the shade in the shadow's colour at {@code opacity} and the image over it: fully opaque
     * pixels of the subject come out exactly as they were. A side the canvas grew on is no frame side any more.
     */
    static Picture paint(Picture picture, Mask mask, double opacity, int color) throws ResultTooLarge {
        BufferedImage image = picture.image();
        int w = image.getWidth();
        int h = image.getHeight();
        int cw = mask.left() + w + mask.right();
        int ch = mask.top() + h + mask.bottom();
        Pixels.checkResultSize(cw, ch);
        int[] src = Pixels.readOnly(image);
        BufferedImage canvas = Pixels.create(cw, ch, true);
        int[] out = Pixels.data(canvas);
        int rgb = color & 0xFFFFFF;
        int[] shades = new int[256];
        for (int s = 0; s < 256; s++) {
            shades[s] = (int) Math.round(opacity * s) << 24 | rgb;
        }
        int[] row = new int[cw];
        for (int y = 0, i = 0; y < ch; y++) {
            int sy = y - mask.top();
            mask.row(y, cw, row);
            for (int x = 0; x < cw; x++, i++) {
                int sx = x - mask.left();
                int shade = shades[Math.max(0, Math.min(255, row[x]))];
                boolean inside = sx >= 0 && sx < w && sy >= 0 && sy < h;
                out[i] = inside ? Colors.over(src[sy * w + sx], shade) : shade;
            }
        }
        FrameSides in = picture.frameSides();
        return picture.reshaped(canvas, new FrameSides(in.top() && mask.top() == 0, in.right() && mask.right() == 0,
                in.bottom() && mask.bottom() == 0, in.left() && mask.left() == 0));
    }
}
