package dev.flowrun.nodes;

import org.junit.jupiter.api.Test;

import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;

import static dev.flowrun.support.Argb.colourDistance;
import static dev.flowrun.support.Argb.filled;
import static dev.flowrun.support.Argb.pixels;
import static dev.flowrun.nodes.TestSupport.transform;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResizeNodeTest {

    private static BufferedImage resize(String data, BufferedImage image) throws NodeFailure {
        int[] before = pixels(image);
        BufferedImage result = transform("resize", data).apply(image);
        assertThat(pixels(image)).as("input untouched").isEqualTo(before);
        return result;
    }

    private static void assertSize(BufferedImage image, int w, int h) {
        assertThat(image.getWidth()).as("width").isEqualTo(w);
        assertThat(image.getHeight()).as("height").isEqualTo(h);
    }

    /** Left half red, right half blue: shows which part survived a crop. */
    private static BufferedImage halves(int w, int h) {
        BufferedImage image = filled(w, h, 0xFFFF0000, false);
        for (int y = 0; y < h; y++) {
            for (int x = w / 2; x < w; x++) {
                image.setRGB(x, y, 0xFF0000FF);
            }
        }
        return image;
    }

    @Test
    void oneSideKeepsTheAspectRatio() throws NodeFailure {
        assertSize(resize("{'width': 100}", filled(400, 300, 0xFF00FF00, false)), 100, 75);
        assertSize(resize("{'height': 50}", filled(400, 300, 0xFF00FF00, false)), 67, 50);
    }

    @Test
    void containFitsInsideTheBox() throws NodeFailure {
        assertSize(resize("{'width': 100, 'height': 100}", filled(400, 200, 0xFF00FF00, false)), 100, 50);
        assertSize(resize("{'width': 100, 'height': 100, 'fit': 'contain'}", filled(200, 400, 0, true)), 50, 100);
    }

    /** {@code w}×{@code h}, red in its left tenth and blue in its right tenth, as {@link #halves} was. */
    static void assertHalves(BufferedImage r, int w, int h) {
        assertSize(r, w, h);
        assertThat(colourDistance(r.getRGB(w / 10, h / 2), 0xFFFF0000)).isLessThanOrEqualTo(2);
        assertThat(colourDistance(r.getRGB(w - 1 - w / 10, h / 2), 0xFF0000FF)).isLessThanOrEqualTo(2);
    }

    @Test
    void coverFillsTheBoxAndCropsTheCentre() throws NodeFailure {
        BufferedImage r = resize("{'width': 100, 'height': 100, 'fit': 'cover'}", halves(400, 200));
        // scaled to 200×100, columns 50..149 kept: red on the left, blue on the right
        assertHalves(r, 100, 100);
    }

    @Test
    void fillStretches() throws NodeFailure {
        BufferedImage r = resize("{'width': 50, 'height': 120, 'fit': 'fill'}", halves(400, 200));
        assertHalves(r, 50, 120);
    }

    @Test
    void neverEnlargesUnlessAsked() throws NodeFailure {
        BufferedImage small = filled(40, 20, 0xFF123456, false);
        assertSize(resize("{'width': 400}", small), 40, 20);
        assertSize(resize("{'width': 400, 'height': 400}", small), 40, 20);
        assertSize(resize("{'width': 400, 'upscale': true}", small), 400, 200);
        assertSize(resize("{'width': 400, 'height': 400, 'upscale': true}", small), 400, 200);
        assertSize(resize("{'width': 80, 'height': 80, 'fit': 'fill', 'upscale': true}", small), 80, 80);
        assertSize(resize("{'width': 80, 'height': 80, 'fit': 'fill'}", small), 40, 20);
        assertSize(resize("{'width': 30, 'height': 80, 'fit': 'fill'}", small), 30, 20);
        assertSize(resize("{'width': 80, 'height': 80, 'fit': 'cover', 'upscale': true}", small), 80, 80);
    }

    @Test
    void coverWithoutUpscaleStillCropsWhereTheImageIsLarger() throws NodeFailure {
        BufferedImage r = resize("{'width': 100, 'height': 100, 'fit': 'cover'}", halves(300, 60));
        // scale capped at 1: 300×60 stays, cropped to the middle 100 columns
        assertSize(r, 100, 60);
        assertThat(r.getRGB(10, 30)).isEqualTo(0xFFFF0000);
        assertThat(r.getRGB(90, 30)).isEqualTo(0xFF0000FF);
    }

    @Test
    void downscalingAveragesInsteadOfPickingPixels() throws NodeFailure {
        // 1-pixel black/white stripes: nearest neighbour would give pure black or white, averaging gives gray
        BufferedImage stripes = new BufferedImage(400, 40, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 40; y++) {
            for (int x = 0; x < 400; x++) {
                stripes.setRGB(x, y, x % 2 == 0 ? 0xFFFFFFFF : 0xFF000000);
            }
        }
        BufferedImage r = resize("{'width': 37}", stripes);
        for (int x = 1; x < 36; x++) {
            assertThat(Argb.red(r.getRGB(x, 2))).isBetween(110, 145);
        }
    }

    @Test
    void transparentPixelsDoNotBleedTheirColour() throws NodeFailure {
        BufferedImage image = new BufferedImage(100, 100, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 100; y++) {
            for (int x = 0; x < 100; x++) {
                image.setRGB(x, y, x < 50 ? 0xFF00FF00 : 0x00FF0000); // invisible red
            }
        }
        BufferedImage r = resize("{'width': 10}", image);
        assertThat(r.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        int edge = r.getRGB(5, 5); // half green, half transparent
        assertThat(Argb.alpha(edge)).isBetween(1, 254);
        assertThat(Argb.red(edge)).isZero();
        assertThat(r.getRGB(9, 5)).isZero();
        assertThat(r.getRGB(0, 5)).isEqualTo(0xFF00FF00);
    }

    @Test
    void refusesResultsTooLargeToHold() {
        assertThatThrownBy(() -> resize("{'width': 20000, 'height': 20000, 'fit': 'fill', 'upscale': true}",
                filled(10, 10, 0xFF000000, false)))
                .isInstanceOf(NodeFailure.class).hasMessageContaining("20000×20000");
    }

    @Test
    void upscalingInterpolates() throws NodeFailure {
        BufferedImage two = new BufferedImage(2, 1, BufferedImage.TYPE_INT_RGB);
        two.setRGB(0, 0, 0xFF000000);
        two.setRGB(1, 0, 0xFFFFFFFF);
        BufferedImage r = resize("{'width': 8, 'upscale': true}", two);
        assertSize(r, 8, 4);
        int[] row = new int[8];
        for (int x = 0; x < 8; x++) {
            row[x] = Argb.red(r.getRGB(x, 0));
        }
        assertThat(row[0]).isZero();
        assertThat(row[7]).isEqualTo(255);
        assertThat(row[3]).isBetween(60, 128);
        assertThat(row).isSorted();
    }
}
