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
}
