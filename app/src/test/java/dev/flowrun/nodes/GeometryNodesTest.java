package dev.flowrun.nodes;

import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;

import static dev.flowrun.support.Argb.filled;
import static dev.flowrun.support.Argb.pixels;
import static dev.flowrun.nodes.TestSupport.transform;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** rotate, flip and crop: exact pixel moves. */
class GeometryNodesTest {
    // 3×2, every pixel distinct:  A B C
    //                             D E F
    private static final int A = 0xFF110000, B = 0xFF220000, C = 0xFF330000;
    private static final int D = 0xFF000044, E = 0xFF000055, F = 0xFF000066;

    private static BufferedImage sample() {
        BufferedImage image = new BufferedImage(3, 2, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, 3, 2, new int[] {A, B, C, D, E, F}, 0, 3);
        return image;
    }

    private static BufferedImage apply(String type, String data, BufferedImage image) throws NodeFailure {
        int[] before = pixels(image);
        BufferedImage result = transform(type, data).apply(image);
        assertThat(pixels(image)).as("input untouched").isEqualTo(before);
        assertThat(result).isNotSameAs(image);
        return result;
    }

    @Test
    void rotate90MovesEveryPixelClockwise() throws NodeFailure {
        BufferedImage r = apply("rotate", "{'degrees': 90}", sample());
        // D A
        // E B
        // F C
        assertThat(r.getWidth()).isEqualTo(2);
        assertThat(r.getHeight()).isEqualTo(3);
        assertThat(pixels(r)).containsExactly(D, A, E, B, F, C);
        assertThat(r.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
    }

    @Test
    void rotate180And270() throws NodeFailure {
        assertThat(pixels(apply("rotate", "{'degrees': 180}", sample()))).containsExactly(F, E, D, C, B, A);
        BufferedImage r = apply("rotate", "{'degrees': 270}", sample());
        assertThat(r.getWidth()).isEqualTo(2);
        assertThat(pixels(r)).containsExactly(C, F, B, E, A, D);
    }

    @Test
    void rotateKeepsAlpha() throws NodeFailure {
        BufferedImage image = filled(3, 2, 0x80FF0000, true);
        image.setRGB(0, 0, 0x00000000);
        BufferedImage r = apply("rotate", "{'degrees': 90}", image);
        assertThat(r.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(r.getRGB(1, 0)).isEqualTo(0);
        assertThat(r.getRGB(0, 0)).isEqualTo(0x80FF0000);
    }

    @Test
    void flipMirrors() throws NodeFailure {
        assertThat(pixels(apply("flip", "{'direction': 'horizontal'}", sample()))).containsExactly(C, B, A, F, E, D);
        assertThat(pixels(apply("flip", "{'direction': 'vertical'}", sample()))).containsExactly(D, E, F, A, B, C);
    }

    @Test
    void cropCutsTheRectangle() throws NodeFailure {
        BufferedImage r = apply("crop", "{'x': 1, 'y': 0, 'width': 2, 'height': 2}", sample());
        assertThat(r.getWidth()).isEqualTo(2);
        assertThat(pixels(r)).containsExactly(B, C, E, F);
    }

    @Test
    void cropIsClippedToTheImage() throws NodeFailure {
        BufferedImage r = apply("crop", "{'x': 2, 'y': 1, 'width': 2147483647, 'height': 100}", sample());
        assertThat(r.getWidth()).isEqualTo(1);
        assertThat(r.getHeight()).isEqualTo(1);
        assertThat(pixels(r)).containsExactly(F);
    }

    @Test
    void cropOutsideTheImageFails() {
        assertThatThrownBy(() -> apply("crop", "{'x': 3, 'y': 0, 'width': 5, 'height': 5}", sample()))
                .isInstanceOf(NodeFailure.class).hasMessageContaining("outside").hasMessageContaining("3×2");
        assertThatThrownBy(() -> apply("crop", "{'x': 0, 'y': 2, 'width': 5, 'height': 5}", sample()))
                .isInstanceOf(NodeFailure.class);
    }

    @Test
    void workOnSubImagesAndOtherTypes() throws NodeFailure {
        BufferedImage big = new BufferedImage(5, 4, BufferedImage.TYPE_INT_RGB);
        big.setRGB(1, 1, 3, 2, new int[] {A, B, C, D, E, F}, 0, 3);
        BufferedImage sub = big.getSubimage(1, 1, 3, 2);
        assertThat(pixels(apply("rotate", "{'degrees': 90}", sub))).containsExactly(D, A, E, B, F, C);

        BufferedImage bgr = new BufferedImage(3, 2, BufferedImage.TYPE_3BYTE_BGR);
        bgr.setRGB(0, 0, 3, 2, new int[] {A, B, C, D, E, F}, 0, 3);
        BufferedImage r = apply("flip", "{'direction': 'horizontal'}", bgr);
        assertThat(r.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        assertThat(pixels(r)).containsExactly(C, B, A, F, E, D);
    }
}
