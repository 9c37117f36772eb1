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
        for (int y = s.y0(); y <= s.y1(); y++) {
            int row = (y + oy) / factor * smallW;
            int x = s.x0();
            int i = y * s.w() + x;
            int cx = x + ox;
            while (x <= s.x1()) {
                int cell = row + cx / factor;
                int end = Math.min(s.x1() + 1, x + factor - (cx % factor));
                int sum = 0;
                for (; x < end; x++, i++, cx++) {
                    sum += px[i] >>> 24;
                }
                sums[cell] += sum;
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
        // Where each canvas column falls between two cells of the shrunk plane, worked out once for every row.
        int cw = left + s.w() + right;
        int[] cell0 = new int[cw];
        int[] cell1 = new int[cw];
        float[] weight = new float[cw];
        for (int x = 0; x < cw; x++) {
            float fx = (x - left - sx0 + 0.5f) / factor - 0.5f;
            int c = (int) Math.floor(fx);
            cell0[x] = Math.max(0, Math.min(smallW - 1, c));
            cell1[x] = Math.max(0, Math.min(smallW - 1, c + 1));
            weight[x] = fx - c;
        }
        return new ShadowCanvas.Mask() {
            @Override
            public int left() {
                return left;
            }

            @Override
            public int top() {
                return top;
            }

            @Override
            public int right() {
                return right;
            }

            @Override
            public int bottom() {
                return bottom;
            }

            @Override
            public void row(int y, int width, int[] out) {
                int py = y - top - sy0;
                if (py < 0 || py >= sh) {
                    java.util.Arrays.fill(out, 0, width, 0);
                    return;
                }
                float fy = (py + 0.5f) / factor - 0.5f;
                int r = (int) Math.floor(fy);
                float ty = fy - r;
                int ra = Math.max(0, Math.min(smallH - 1, r)) * smallW;
                int rb = Math.max(0, Math.min(smallH - 1, r + 1)) * smallW;
                int from = Math.max(0, left + sx0);
                int to = Math.min(width, left + sx0 + sw);
                java.util.Arrays.fill(out, 0, from, 0);
                java.util.Arrays.fill(out, to, width, 0);
                for (int x = from; x < to; x++) {
                    float a = small[ra + cell0[x]] + (small[ra + cell1[x]] - small[ra + cell0[x]]) * weight[x];
                    float b = small[rb + cell0[x]] + (small[rb + cell1[x]] - small[rb + cell0[x]]) * weight[x];
                    out[x] = Math.round(a + (b - a) * ty);
                }
            }

            @Override
            public int at(int x, int y) {
                int px = x - left - sx0;
                int py = y - top - sy0;
                if (px < 0 || py < 0 || px >= sw || py >= sh) {
                    return 0;
                }
                return BoxBlur.sample(small, smallW, smallH, factor, px, py);
            }
        };
    }
}
