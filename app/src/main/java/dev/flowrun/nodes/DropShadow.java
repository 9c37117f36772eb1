package dev.flowrun.nodes;

import dev.flowrun.imaging.BoxBlur;

/**
 * The drop shadow's shade: the subject's alpha moved by the offset and blurred. A wide blur is done on the alpha
 * shrunk by a whole factor (a blurred shade has no detail to lose) and read back bilinearly, so its cost hardly
 * grows with the radius.
 */
final class DropShadow {
    /** Cells per blur radius on the shrunk plane: fewer would show the cells, more would cost without showing. */
    private static final int CELLS_PER_RADIUS = 4;

    private DropShadow() {
    }

    /**
     * The subject's alpha moved by ({@code ox}, {@code oy}) and shrunk by {@code factor} in one pass (each cell the
     * mean of its block): the full-size plane is never made.
     */
    private static int[] shrunkAlpha(ShadowCanvas.Subject s, int ox, int oy, int factor, int smallW, int smallH) {
        int[] sums = new int[smallW * smallH];
        int[] px = s.px();
        // Where each cell's columns start, worked out once: a cell's pixels of a row are then summed in a register.
        int first = (s.x0() + ox) / factor;
        int last = (s.x1() + ox) / factor;
        int[] starts = new int[last - first + 2];
        for (int c = first; c <= last + 1; c++) {
            starts[c - first] = Math.max(s.x0(), Math.min(s.x1() + 1, c * factor - ox));
        }
        for (int y = s.y0(); y <= s.y1(); y++) {
            int row = (y + oy) / factor * smallW;
            int line = y * s.w();
            for (int c = first; c <= last; c++) {
                int sum = 0;
                for (int i = line + starts[c - first], end = line + starts[c - first + 1]; i < end; i++) {
                    sum += px[i] >>> 24;
                }
                sums[row + c] += sum;
            }
        }
        int area = factor * factor;
        for (int i = 0; i < sums.length; i++) {
            sums[i] = (sums[i] + area / 2) / area;
        }
        return sums;
    }

    static ShadowCanvas.Mask mask(ShadowCanvas.Subject s, int radius, int dx, int dy) {
        int factor = Math.max(1, radius / CELLS_PER_RADIUS);
        // The shade's rectangle on the image's grid: the silhouette's box moved, with room for the blur.
        int sx0 = s.x0() + dx - radius;
        int sy0 = s.y0() + dy - radius;
        int sw = s.x1() - s.x0() + 1 + 2 * radius;
        int sh = s.y1() - s.y0() + 1 + 2 * radius;
        int smallW = (sw + factor - 1) / factor;
        int smallH = (sh + factor - 1) / factor;
        int[] small = shrunkAlpha(s, dx - sx0, dy - sy0, factor, smallW, smallH);
        // Three passes of radius k spread over 3k cells: the whole fade fits in the room left for it.
        BoxBlur.blur(small, smallW, smallH, Math.max(radius > 0 ? 1 : 0, radius / (3 * factor)), false);
        int left = Math.max(0, -sx0);
        int top = Math.max(0, -sy0);
        int right = Math.max(0, sx0 + sw - s.w());
        int bottom = Math.max(0, sy0 + sh - s.h());
        // Each row of cells widened to the shade's full width once (the horizontal half of the bilinear read-back),
        // so that a canvas row is only a blend of two of these, in order and in integers (weights of 256). Unshrunk,
        // the cells are the pixels: read as they are, with no second plane of the shade's size.
        int[] wide = factor == 1 ? null : new int[smallH * sw];
        if (wide != null) {
            int[] c0 = new int[sw];
            int[] c1 = new int[sw];
            int[] wx = new int[sw];
            for (int x = 0; x < sw; x++) {
                float fx = (x + 0.5f) / factor - 0.5f;
                int c = (int) Math.floor(fx);
                c0[x] = Math.max(0, Math.min(smallW - 1, c));
                c1[x] = Math.max(0, Math.min(smallW - 1, c + 1));
                wx[x] = Math.round((fx - c) * 256);
            }
            for (int r = 0; r < smallH; r++) {
                int cells = r * smallW;
                for (int x = 0, i = r * sw; x < sw; x++, i++) {
                    wide[i] = small[cells + c0[x]] * (256 - wx[x]) + small[cells + c1[x]] * wx[x];
                }
            }
        }
        return new ShadowCanvas.Mask(left, top, right, bottom) {

            /** The shade's rectangle: nothing outside it is worked out. */
            @Override
            int from(int y) {
                int py = y - top - sy0;
                return py < 0 || py >= sh ? 0 : left + sx0;
            }

            @Override
            int to(int y) {
                int py = y - top - sy0;
                return py < 0 || py >= sh ? 0 : left + sx0 + sw;
            }

            /** Bilinear: the two widened rows of cells around it, blended. */
            @Override
            void row(int y, int from, int to, int[] out) {
                float fy = (y - top - sy0 + 0.5f) / factor - 0.5f;
                int r = (int) Math.floor(fy);
                int ty = Math.round((fy - r) * 256);
                int ra = Math.max(0, Math.min(smallH - 1, r)) * sw;
                int rb = Math.max(0, Math.min(smallH - 1, r + 1)) * sw;
                int shift = left + sx0;
                if (wide == null) {
                    System.arraycopy(small, (y - top - sy0) * smallW + from - shift, out, from, to - from);
                    return;
                }
                for (int x = from; x < to; x++) {
                    int k = x - shift;
                    out[x] = (wide[ra + k] * (256 - ty) + wide[rb + k] * ty + 32768) >>> 16;
                }
            }
        };
    }
}
