package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class NearestColoursTest {
    private static final int W = 40;
    private static final int H = 20;
    private static final int BACKDROP = 0x1428C8;
    private static final int MIXED_GREEN = 0x30C030;

    /**
     * Subject at x < 15, its red rising by 5 a row (shading); an unknown band at 15 ≤ x < 25 whose colours are a
     * green no side has; backdrop beyond.
     */
    private static int[] guide() {
        int[] g = new int[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                g[y * W + x] = x < 15 ? (100 + 5 * y) << 16 | 0x3C << 8 | 0x28 : x < 25 ? MIXED_GREEN : BACKDROP;
            }
        }
        return g;
    }

    private static float[] trimap() {
        float[] t = new float[W * H];
        for (int i = 0; i < t.length; i++) {
            int x = i % W;
            t[i] = x < 15 ? Trimap.SUBJECT : x < 25 ? Trimap.UNKNOWN : Trimap.BACKDROP;
        }
        return t;
    }

    @Test
    void aBandPixelTakesTheColoursOfTheNearestCleanSubjectAndBackdropPixelsOfItsOwnRow() {
        NearestColours c = NearestColours.of(guide(), trimap(), W, H);
        for (int x : new int[] {15, 20, 24}) {
            int i = 10 * W + x;
            // the subject's shading of row 10 (its reference and its neighbours' average to that row's red), no green
            assertThat(c.planes[0][i]).as("subject red at x " + x).isCloseTo(150f, within(0.01f));
            assertThat(c.planes[1][i]).as("subject green at x " + x).isCloseTo(0x3C, within(0.01f));
            assertThat(c.planes[2][i]).isCloseTo(0x28, within(0.01f));
            assertThat(c.planes[3][i]).as("backdrop red at x " + x).isCloseTo(0x14, within(0.01f));
            assertThat(c.planes[4][i]).isCloseTo(0x28, within(0.01f));
            assertThat(c.planes[5][i]).isCloseTo(0xC8, within(0.01f));
        }
        assertThat(c.planes[0][5 * W + 20]).as("row 5's own shading").isCloseTo(125f, within(0.01f));
    }

    @Test
    void pixelsNextToTheBandAreNoReferenceTheirCleanNeighboursAre() {
        int[] guide = guide();
        guide[10 * W + 14] = MIXED_GREEN; // the decided subject's last column, soft in the photo
        NearestColours c = NearestColours.of(guide, trimap(), W, H);
        assertThat(c.planes[1][10 * W + 20]).as("green of the pixel next to the band").isCloseTo(0x3C, within(0.01f));
    }

    @Test
    void aPictureThatIsAllEdgeKeepsItsOwnColours() {
        float[] unknown = new float[W * H];
        Arrays.fill(unknown, Trimap.UNKNOWN);
        NearestColours c = NearestColours.of(guide(), unknown, W, H);
        assertThat(c.planes[1][10 * W + 20]).isCloseTo(0xC0, within(0.01f));
        assertThat(c.planes[4][10 * W + 20]).isCloseTo(0xC0, within(0.01f));
    }
}
