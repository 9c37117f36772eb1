package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.Cutout;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The model cut-out's pixels, pinned: the post-processing (guide, guided filter near the outline, edge colours,
 * full-size compose, feather) is made faster without changing a pixel. Real photos, the matte of
 * {@link ParallelCutoutTest}, sizes on both sides of the working grid (interpolated or not, a width that is no whole
 * number of the guided filter's tiles), with and without transparency, hard-edged, feathered and blurred. The
 * digests are those of the cut-outs before the post-processing was restructured; a change meant to alter the
 * cut-outs updates them.
 */
class CutoutPixelsTest {
    private static final ModelBackgroundRemover REMOVER = new ModelBackgroundRemover((SegmentationModel) null);

    /** Photo, width, height, transparency, feather, and the first 16 hex digits of the pixels' SHA-256. */
    private static final Object[][] PINNED = {
            {"coffee.png", 1500, 1100, true, 1, "bf2797af8e13bb46"},
            {"coffee.png", 2449, 1633, false, 4, "2b2d165a59b24863"},
            {"coffee.png", 671, 447, false, 0, "0e419fb7c311fdc1"},
            {"astronaut.png", 301, 203, false, 1, "59fd64d546a736eb"},
    };

    @Test
    void theCutoutsPixelsAreTheOnesPinned() throws Exception {
        float[] matte = ParallelCutoutTest.matte();
        for (Object[] c : PINNED) {
            String what = c[0] + " " + c[1] + "×" + c[2] + (Boolean.TRUE.equals(c[3]) ? " with alpha" : "")
                    + ", feather " + c[4];
            assertThat(digest((String) c[0], (Integer) c[1], (Integer) c[2], (Boolean) c[3], (Integer) c[4], matte))
                    .as(what).isEqualTo(c[5]);
        }
    }

    static String digest(String photo, int w, int h, boolean alpha, int feather, float[] matte) throws Exception {
        BufferedImage source = new ImageDecoder(50_000_000).decode(Photos.get(Photos.Source.SKIMAGE, photo));
        Cutout cut = REMOVER.fromProbability(ParallelCutoutTest.scaled(source, w, h, alpha), matte, 1024, feather);
        int[] px = Pixels.readOnly(cut.image());
        ByteBuffer bytes = ByteBuffer.allocate(px.length * 4);
        bytes.asIntBuffer().put(px);
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.array())).substring(0, 16);
    }

    /** Prints the digests of {@link #PINNED}'s combinations with the code on the class path. */
    public static void main(String[] args) throws Exception {
        float[] matte = ParallelCutoutTest.matte();
        for (Object[] c : PINNED) {
            System.out.println(c[0] + " " + c[1] + " " + c[2] + " " + c[3] + " " + c[4] + " "
                    + digest((String) c[0], (Integer) c[1], (Integer) c[2], (Boolean) c[3], (Integer) c[4], matte));
        }
    }
}
