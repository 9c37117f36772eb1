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

    static ShadowCanvas.Mask mask(ShadowCanvas.Subject s, int radius, int dx, int dy) {
        int factor = Math.max(1, radius / CELLS_PER_RADIUS);
        // The shade's rectangle on the image's grid: the silhouette's box moved, with room for the blur.
        int sx0 = s.x0() + dx - radius;
        int sy0 = s.y0() + dy - radius;
        int sw = s.x1() - s.x0() + 1 + 2 * radius;
        int sh = s.y1() - s.y0() + 1 + 2 * radius;
        int[] plane = new int[sw * sh];
        for (int y = s.y0(); y <= s.y1(); y++) {
            int row = (y + dy - sy0) * sw + dx - sx0;
            for (int x = s.x0(); x <= s.x1(); x++) {
                plane[row + x] = s.alpha(x, y);
            }
        }
        int smallW = (sw + factor - 1) / factor;
        int smallH = (sh + factor - 1) / factor;
        int[] small = factor == 1 ? plane : BoxBlur.shrink(plane, sw, sh, factor, smallW, smallH);
        // Three passes of radius k spread over 3k cells: the whole fade fits in the room left for it.
        BoxBlur.blur(small, smallW, smallH, Math.max(radius > 0 ? 1 : 0, radius / (3 * factor)), false);
        int left = Math.max(0, -sx0);
        int top = Math.max(0, -sy0);
        int right = Math.max(0, sx0 + sw - s.w());
        int bottom = Math.max(0, sy0 + sh - s.h());
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
