package dev.flowrun.nodes;

import static dev.flowrun.nodes.TestSupport.transform;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/** {@code shadow}: a shade behind the subject on a canvas grown just enough, the subject itself untouched. */
class ShadowNodeTest {

    /** A 60×100 opaque red box standing in a 100×120 transparent image, its foot on row 109. */
    private static BufferedImage standing() {
        BufferedImage image = new BufferedImage(100, 120, BufferedImage.TYPE_INT_ARGB);
        return Argb.paint(image, 20, 10, 80, 110, (x, y) -> 0xFFCC2020);
    }

    /** The shadow of a trimmed cut-out: none of its sides is an edge of its photo any more. */
    private static Picture shadow(String data, BufferedImage image) throws NodeFailure {
        return shadow(data, new Picture(image, FrameSides.NONE, null, RemoteImages.NONE));
    }

    private static Picture shadow(String data, Picture picture) throws NodeFailure {
        return ((PictureTransform) transform("shadow", data)).transform(picture).picture();
    }

    private static void assertSubjectUnchanged(BufferedImage in, BufferedImage out, int dx, int dy) {
        for (int y = 0; y < in.getHeight(); y++) {
            for (int x = 0; x < in.getWidth(); x++) {
                if (Argb.alpha(in.getRGB(x, y)) == 255) {
                    assertThat(out.getRGB(x + dx, y + dy)).as("subject pixel " + x + "," + y).isEqualTo(in.getRGB(x, y));
                }
            }
        }
    }

    @Test
    void aContactShadowLiesUnderTheFootDarkestWhereItTouches() throws NodeFailure {
        BufferedImage in = Argb.paint(new BufferedImage(60, 100, BufferedImage.TYPE_INT_ARGB), 0, 0, 60, 100,
                (x, y) -> x < 2 || x > 57 ? 0x00000000 : 0xFFCC2020);
        BufferedImage out = shadow("{'opacity': 0.5, 'blur': 6}", in).image();
        assertThat(out.getHeight()).as("grown below only, just enough").isBetween(101, 100 + 6 + 8);
        int grown = out.getWidth() - in.getWidth();
        assertThat(grown % 2).as("grown evenly on both sides").isZero();
        assertSubjectUnchanged(in, out, grown / 2, 0);
        int centre = out.getWidth() / 2;
        int under = out.getRGB(centre, 100) >>> 24;
        assertThat(under).as("under the foot").isBetween(100, 128);
        assertThat(out.getRGB(centre, out.getHeight() - 1) >>> 24).as("fading downwards").isLessThan(under / 2);
        assertThat(out.getRGB(grown / 2 + 45, 101) >>> 24).as("fading sideways").isLessThan(under);
        assertThat(out.getRGB(grown / 2 + 1, 10) >>> 24).as("nothing beside the subject").isZero();
        assertThat(out.getRGB(centre, 100) & 0xFFFFFF).as("black by default").isZero();
    }

    @Test
    void aDropShadowIsTheSilhouetteMovedAndColoured() throws NodeFailure {
        BufferedImage in = standing();
        Picture out = shadow("{'type': 'drop', 'blur': 0, 'offsetX': 10, 'offsetY': 15, 'opacity': 0.5, "
                + "'color': '#0000FF'}", in);
        BufferedImage image = out.image();
        assertThat(image.getWidth()).as("room enough on the right already").isEqualTo(100);
        assertThat(image.getHeight()).as("grown down by the offset").isEqualTo(125);
        assertSubjectUnchanged(in, image, 0, 0);
        assertThat(Integer.toHexString(image.getRGB(85, 120))).as("the silhouette, moved").isEqualTo("800000ff");
        assertThat(image.getRGB(85, 5) >>> 24).as("not above it").isZero();
        Picture photo = shadow("{'type': 'drop', 'blur': 0, 'offsetX': 10, 'offsetY': 15}", Picture.photo(in));
        assertThat(photo.frameSides()).as("grown sides are no frame sides")
                .isEqualTo(new FrameSides(true, true, false, true));
    }

    @Test
    void aBlurredDropShadowFadesOutWithinTheGrownCanvas() throws NodeFailure {
        BufferedImage in = standing();
        BufferedImage out = shadow("{'type': 'drop', 'blur': 20, 'offsetX': 0, 'offsetY': 0, 'opacity': 1}", in)
                .image();
        assertThat(out.getWidth()).isEqualTo(100);
        assertThat(out.getHeight()).as("room for the fade above and below the subject").isEqualTo(140);
        int previous = 256;
        for (int x = 80; x < 100; x++) {
            int a = out.getRGB(x, 70) >>> 24;
            assertThat(a).as("fading at x=" + x).isLessThanOrEqualTo(previous);
            previous = a;
        }
        assertThat(out.getRGB(99, 70) >>> 24).as("faded out by the canvas's edge").isLessThan(8);
        assertSubjectUnchanged(in, out, 0, 10);
    }

    @Test
    void theDefaultsFollowTheSubjectsHeight() throws NodeFailure {
        BufferedImage in = standing();
        BufferedImage out = shadow("{'type': 'drop'}", in).image();
        // blur 3% and offsetY 2% of the 100 px subject: the shade ends 2 + 3 px below the foot, inside the image.
        assertThat(out.getHeight()).isEqualTo(120);
        assertThat(shadow("{'type': 'drop', 'offsetY': 30}", in).image().getHeight()).isEqualTo(143);
    }

    @Test
    void aShadeThatFitsLeavesTheImagesSizeAndItsInputAlone() throws NodeFailure {
        BufferedImage in = standing();
        int[] before = in.getRGB(0, 0, 100, 120, null, 0, 100);
        BufferedImage out = shadow("{'type': 'drop', 'blur': 4, 'offsetX': 3, 'offsetY': 3, 'opacity': 1}", in)
                .image();
        assertThat(out.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(out.getWidth()).isEqualTo(100);
        assertThat(out.getHeight()).isEqualTo(120);
        assertSubjectUnchanged(in, out, 0, 0);
        assertThat(out.getRGB(82, 112) >>> 24).as("shade beside and below the subject").isGreaterThan(64);
        assertThat(out.getRGB(5, 5) >>> 24).as("none far from it").isZero();
        assertThat(in.getRGB(0, 0, 100, 120, null, 0, 100)).as("the input untouched").isEqualTo(before);
    }

    @Test
    void anOpaqueImageAndABustCutByTheFramePassUnchanged() throws NodeFailure {
        BufferedImage opaque = Argb.filled(20, 20, 0xFF112233, false);
        assertThat(shadow("{}", opaque).image()).isSameAs(opaque);
        BufferedImage allOpaque = Argb.filled(20, 20, 0xFF112233, true);
        assertThat(shadow("{'type': 'drop'}", allOpaque).image()).isSameAs(allOpaque);
        BufferedImage bust = Argb.paint(new BufferedImage(50, 50, BufferedImage.TYPE_INT_ARGB), 10, 10, 40, 50,
                (x, y) -> 0xFF808080);
        assertThat(shadow("{}", Picture.photo(bust)).image()).as("standing on nothing: no contact shadow")
                .isSameAs(bust);
    }
}
