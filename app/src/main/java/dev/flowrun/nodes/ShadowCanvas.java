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

        /**
         * Null for an image without an alpha channel, or whose pixels are all opaque, or all empty. The rows above
         * and below the subject are read whole, those between only outside the box found so far: the subject's
         * inside is never read.
         */
        static Subject of(BufferedImage image) {
            if (!Pixels.hasAlpha(image)) {
                return null;
            }
            int w = image.getWidth();
            int h = image.getHeight();
            int[] px = Pixels.readOnly(image);
            int y0 = 0;
            while (y0 < h && emptyRow(px, y0 * w, w)) {
                y0++;
            }
            if (y0 == h) {
                return null;
            }
            int y1 = h - 1;
            while (emptyRow(px, y1 * w, w)) {
                y1--;
            }
            int x0 = w;
            int x1 = -1;
            for (int y = y0; y <= y1; y++) {
                int row = y * w;
                if (x0 > 0 && !empty(px, row, row + x0)) {
                    x0 = firstVisible(px, row) - row;
                }
                if (x1 < w - 1 && !empty(px, row + x1 + 1, row + w)) {
                    x1 = lastVisible(px, row + w) - row;
                }
            }
            boolean transparent = x0 > 0 || y0 > 0 || x1 < w - 1 || y1 < h - 1 || !opaque(px);
            return transparent ? new Subject(image, px, w, h, x0, y0, x1, y1) : null;
        }

        private static boolean emptyRow(int[] px, int from, int w) {
            return empty(px, from, from + w);
        }

        /**
         * Whether no pixel from {@code from} to {@code to} is visible. A loop without an early exit, which the
         * compiler turns into vector instructions, so a cut-out's empty surroundings cost a fraction of a read each:
         * alpha + 7 reaches 16 exactly when alpha passes {@link Pixels#EMPTY_ALPHA}, and an OR of numbers keeps a
         * bit from 16 up exactly when one of them does.
         */
        private static boolean empty(int[] px, int from, int to) {
            int bits = 0;
            for (int i = from; i < to; i++) {
                bits |= (px[i] >>> 24) + (15 - Pixels.EMPTY_ALPHA);
            }
            return bits < 16;
        }

        private static int firstVisible(int[] px, int from) {
            int i = from;
            while (px[i] >>> 24 <= Pixels.EMPTY_ALPHA) {
                i++;
            }
            return i;
        }

        private static int lastVisible(int[] px, int to) {
            int i = to - 1;
            while (px[i] >>> 24 <= Pixels.EMPTY_ALPHA) {
                i--;
            }
            return i;
        }

        private static boolean opaque(int[] px) {
            for (int p : px) {
                if (p >>> 24 != 255) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * A shade of 0–255 on the canvas, and how far the canvas grows beyond the image on each side to hold it (the
     * image sits at ({@code left}, {@code top})). Each canvas row says the span its shade can touch, so painting
     * never looks at the rest.
     */
    abstract static class Mask {
        final int left;
        final int top;
        final int right;
        final int bottom;

        Mask(int left, int top, int right, int bottom) {
            this.left = left;
            this.top = top;
            this.right = right;
            this.bottom = bottom;
        }

        /** The first canvas column of row {@code y} the shade may touch. */
        abstract int from(int y);

        /** Past the last canvas column of row {@code y} the shade may touch ({@code <= from}: none). */
        abstract int to(int y);

        /** The shades of canvas row {@code y} from column {@code from} to {@code to} into {@code out} (same indices). */
        abstract void row(int y, int from, int to, int[] out);
    }

    /**
     * The canvas with the shade in the shadow's colour at {@code opacity} and the image over it: fully opaque
     * pixels of the subject come out exactly as they were. A side the canvas grew on is no frame side any more.
     */
    static Picture paint(Picture picture, Mask mask, double opacity, int color) throws ResultTooLarge {
        BufferedImage image = picture.image();
        int w = image.getWidth();
        int h = image.getHeight();
        int left = mask.left;
        int top = mask.top;
        int cw = left + w + mask.right;
        int ch = top + h + mask.bottom;
        Pixels.checkResultSize(cw, ch);
        int[] src = Pixels.readOnly(image);
        BufferedImage canvas;
        int[] out;
        if (cw == w && ch == h) { // the shade fits: the canvas is a copy of the image, made in one go
            out = src.clone();
            canvas = Pixels.wrap(out, w, h);
        } else {
            canvas = Pixels.create(cw, ch, true);
            out = Pixels.data(canvas);
            for (int y = 0; y < h; y++) {
                System.arraycopy(src, y * w, out, (y + top) * cw + left, w);
            }
        }
        int rgb = color & 0xFFFFFF;
        int[] shades = new int[256];
        for (int s = 1; s < 256; s++) {
            shades[s] = (int) Math.round(opacity * s) << 24 | rgb;
        }
        int[] row = new int[cw];
        for (int y = 0; y < ch; y++) {
            int from = Math.max(0, mask.from(y));
            int to = Math.min(cw, mask.to(y));
            if (to <= from) {
                continue;
            }
            mask.row(y, from, to, row);
            int i = y * cw;
            boolean imageRow = y >= top && y < top + h;
            int inFrom = imageRow ? Math.min(to, Math.max(from, left)) : to;
            int inTo = imageRow ? Math.max(inFrom, Math.min(to, left + w)) : to;
            for (int x = from; x < inFrom; x++) {
                out[i + x] = shades[row[x]];
            }
            // Over the image only its see-through pixels take the shade: an opaque one stays as it was.
            for (int x = inFrom; x < inTo; x++) {
                int p = out[i + x];
                int a = p >>> 24;
                if (a != 255 && row[x] != 0) {
                    out[i + x] = a == 0 ? shades[row[x]] : Colors.over(p, shades[row[x]]);
                }
            }
            for (int x = inTo; x < to; x++) {
                out[i + x] = shades[row[x]];
            }
        }
        FrameSides in = picture.frameSides();
        return picture.reshaped(canvas, new FrameSides(in.top() && mask.top == 0, in.right() && mask.right == 0,
                in.bottom() && mask.bottom == 0, in.left() && mask.left == 0));
    }
}
