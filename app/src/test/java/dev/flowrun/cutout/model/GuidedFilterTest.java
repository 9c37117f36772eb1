package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class GuidedFilterTest {
    private static final int W = 40;
    private static final int H = 10;

    /** A dark subject (x < 20) against a light backdrop; the mask's soft edge is 3 px off, at x = 23. */
    private static int[] guide() {
        int[] g = new int[W * H];
        for (int i = 0; i < g.length; i++) {
            g[i] = i % W < 20 ? 0x202020 : 0xE0E0E0;
        }
        return g;
    }

    private static float[] offsetMask() {
        float[] p = new float[W * H];
        for (int i = 0; i < p.length; i++) {
            int x = i % W;
            p[i] = x < 21 ? 1 : x > 25 ? 0 : (25 - x) / 4f;
        }
        return p;
    }

    private static float at(GuidedFilter.Coefficients c, int[] guide, int i) {
        int p = guide[i];
        return c.ar()[i] * (p >> 16 & 0xFF) / 255f + c.ag()[i] * (p >> 8 & 0xFF) / 255f
                + c.ab()[i] * (p & 0xFF) / 255f + c.b()[i];
    }

    @Test
    void theEdgeMovesToThePicturesEdge() {
        int[] guide = guide();
        GuidedFilter.Coefficients c = GuidedFilter.coefficients(guide, offsetMask(), W, H, 4, 1e-3f);
        int row = 5 * W;
        // The mask falls by a quarter per pixel from x = 21 to 25; the filtered one falls most across the
        // picture's edge (x = 19 | 20), stays opaque on the subject's side and is lower than the mask past it.
        assertThat(at(c, guide, row + 19)).isGreaterThan(0.9f);
        assertThat(at(c, guide, row + 19) - at(c, guide, row + 20)).isGreaterThan(0.25f); // the mask's steepest
        for (int x = 20; x <= 22; x++) { // within the window radius of the edge
            assertThat(at(c, guide, row + x)).as("x = " + x).isLessThan(offsetMask()[row + x] - 0.2f);
        }
        assertThat(at(c, guide, row + 5)).isCloseTo(1f, within(0.02f));
        assertThat(at(c, guide, row + 35)).isCloseTo(0f, within(0.02f));
    }

    @Test
    void plainCoefficientsGiveTheMaskBack() {
        float[] mask = offsetMask();
        GuidedFilter.Coefficients c = GuidedFilter.Coefficients.plain(mask);
        int[] guide = guide();
        for (int i = 0; i < mask.length; i++) {
            assertThat(at(c, guide, i)).isEqualTo(mask[i]);
        }
    }

    @Test
    void onAFlatPictureTheFilterOnlySmoothsTheMask() {
        int[] flat = new int[W * H];
        java.util.Arrays.fill(flat, 0x808080);
        float[] mask = offsetMask();
        GuidedFilter.Coefficients c = GuidedFilter.coefficients(flat, mask, W, H, 2, 1e-3f);
        assertThat(at(c, flat, 5 * W + 2)).isCloseTo(1f, within(1e-3f));
        assertThat(at(c, flat, 5 * W + 38)).isCloseTo(0f, within(1e-3f));
        float mid = at(c, flat, 5 * W + 23);
        assertThat(mid).isBetween(0.3f, 0.7f);
    }

    @Test
    void nearTheOutlineTheTilesGiveTheWholeGridsCoefficients() {
        // Not a whole number of tiles either way; the subject runs off the right and bottom sides, with a soft
        // outline (unknown) and a hard one (decided right up to the band), on a textured picture.
        int w = OutlineTiles.TILE * 5 + 13;
        int h = OutlineTiles.TILE * 3 + 7;
        int[] guide = new int[w * h];
        float[] p = new float[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                guide[i] = (x * 37 + y * 11) % 256 << 16 | (x * y) % 256 << 8 | (x ^ y) & 0xFF;
                double d = Math.hypot(x - w, y - h) / 90.0;
                p[i] = (float) Math.max(0, Math.min(1, (1.2 - d) * (x < w / 2 ? 3 : 30)));
            }
        }
        float[] trimap = Trimap.of(p, w, h).values();
        GuidedFilter.Coefficients whole = GuidedFilter.coefficients(guide, p, w, h, 2, 1e-3f);
        GuidedFilter.Coefficients tiles = GuidedFilter.nearOutline(guide, p, trimap, w, h, 2, 1e-3f);
        int compared = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (!readByTheCompose(trimap, w, h, x, y)) {
                    continue;
                }
                int i = y * w + x;
                compared++;
                assertThat(tiles.ar()[i]).as("(%d, %d)", x, y).isCloseTo(whole.ar()[i], within(1e-6f));
                assertThat(tiles.ag()[i]).as("(%d, %d)", x, y).isCloseTo(whole.ag()[i], within(1e-6f));
                assertThat(tiles.ab()[i]).as("(%d, %d)", x, y).isCloseTo(whole.ab()[i], within(1e-6f));
                assertThat(tiles.b()[i]).as("(%d, %d)", x, y).isCloseTo(whole.b()[i], within(1e-6f));
            }
        }
        assertThat(compared).isGreaterThan(w * h / 20).isLessThan(w * h);
    }

    /** Whether a grid pixel is a corner of a cell (it and its right and lower neighbours) the trimap does not settle. */
    private static boolean readByTheCompose(float[] trimap, int w, int h, int x, int y) {
        for (int cy = Math.max(0, y - 1); cy <= y; cy++) {
            for (int cx = Math.max(0, x - 1); cx <= x; cx++) {
                float a = trimap[cy * w + cx];
                float[] corners = {trimap[cy * w + Math.min(w - 1, cx + 1)], trimap[Math.min(h - 1, cy + 1) * w + cx],
                        trimap[Math.min(h - 1, cy + 1) * w + Math.min(w - 1, cx + 1)]};
                boolean settled = a != Trimap.UNKNOWN;
                for (float c : corners) {
                    settled &= c == a;
                }
                if (!settled) {
                    return true;
                }
            }
        }
        return false;
    }
}
