package dev.flowrun.nodes;

import org.junit.jupiter.api.Test;

import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;

import static dev.flowrun.support.Argb.filled;
import static dev.flowrun.support.Argb.pixels;
import static dev.flowrun.support.Argb.row;
import static dev.flowrun.nodes.TestSupport.transform;
import static org.assertj.core.api.Assertions.assertThat;

/** fill, grayscale, pad and trim. */
class ColourNodesTest {

    @Test
    void fillCompositesOntoTheColour() throws NodeFailure {
        BufferedImage image = row(0x00123456, 0xFFFF0000, 0x80FF0000);
        BufferedImage r = transform("fill", "{'color': '#0000FF'}").apply(image);
        assertThat(r.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        int[] px = pixels(r);
        assertThat(px[0]).isEqualTo(0xFF0000FF);
        assertThat(px[1]).isEqualTo(0xFFFF0000);
        assertThat(Argb.colourDistance(px[2], 0xFF80007F)).isLessThanOrEqualTo(1);
        assertThat(image.getRGB(0, 0)).isEqualTo(0x00123456);
    }

    @Test
    void grayscaleUsesLumaAndKeepsAlpha() throws NodeFailure {
        BufferedImage image = row(0xFFFF0000, 0x4000FF00, 0x00FFFFFF);
        BufferedImage r = transform("grayscale", "{}").apply(image);
        assertThat(r.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(pixels(r)).containsExactly(0xFF4C4C4C, 0x40969696, 0x00FFFFFF);
        assertThat(image.getRGB(0, 0)).isEqualTo(0xFFFF0000);

        BufferedImage opaque = filled(2, 2, 0xFF0000FF, false);
        BufferedImage g = transform("grayscale", "{}").apply(opaque);
        assertThat(g.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        assertThat(g.getRGB(1, 1)).isEqualTo(0xFF1D1D1D);
    }

    @Test
    void padCentresWithoutScalingWhenItFits() throws NodeFailure {
        BufferedImage image = filled(2, 2, 0xFFFF0000, false);
        BufferedImage r = transform("pad", "{'width': 6, 'height': 4}").apply(image);
        assertThat(r.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(r.getWidth()).isEqualTo(6);
        assertThat(r.getHeight()).isEqualTo(4);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 6; x++) {
                boolean inside = x >= 2 && x < 4 && y >= 1 && y < 3;
                assertThat(r.getRGB(x, y)).as("%d,%d", x, y).isEqualTo(inside ? 0xFFFF0000 : 0);
            }
        }
    }

    @Test
    void padScalesDownToFitAndUsesTheBackground() throws NodeFailure {
        BufferedImage image = filled(200, 100, 0xFF00FF00, false);
        BufferedImage r = transform("pad", "{'width': 50, 'height': 50, 'background': '#ffffff'}").apply(image);
        assertThat(r.getWidth()).isEqualTo(50);
        assertThat(r.getHeight()).isEqualTo(50);
        // 200×100 → 50×25, placed at y 12..36
        assertThat(r.getRGB(25, 11)).isEqualTo(0xFFFFFFFF);
        assertThat(r.getRGB(25, 12)).isEqualTo(0xFF00FF00);
        assertThat(r.getRGB(0, 36)).isEqualTo(0xFF00FF00);
        assertThat(r.getRGB(49, 37)).isEqualTo(0xFFFFFFFF);
    }

    @Test
    void padCompositesTranslucentPixelsOverTranslucentBackground() throws NodeFailure {
        BufferedImage image = filled(1, 1, 0x00FF0000, true);
        BufferedImage r = transform("pad", "{'width': 3, 'height': 1, 'background': '#0000FF80'}").apply(image);
        assertThat(pixels(r)).containsOnly(0x800000FF);
    }

    @Test
    void trimTransparentBorderWithPadding() throws NodeFailure {
        BufferedImage image = new BufferedImage(20, 10, BufferedImage.TYPE_INT_ARGB);
        for (int y = 3; y <= 5; y++) {
            for (int x = 4; x <= 9; x++) {
                image.setRGB(x, y, 0xFF336699);
            }
        }
        image.setRGB(15, 8, 0x05FFFFFF); // near-invisible noise is ignored
        BufferedImage r = transform("trim", "{}").apply(image);
        assertThat(r.getWidth()).isEqualTo(6);
        assertThat(r.getHeight()).isEqualTo(3);
        assertThat(pixels(r)).containsOnly(0xFF336699);

        BufferedImage padded = transform("trim", "{'padding': 2}").apply(image);
        assertThat(padded.getWidth()).isEqualTo(10);
        assertThat(padded.getHeight()).isEqualTo(7);
        assertThat(padded.getRGB(2, 2)).isEqualTo(0xFF336699);
        assertThat(padded.getRGB(1, 2)).isEqualTo(0);

        BufferedImage clipped = transform("trim", "{'padding': 100}").apply(image);
        assertThat(clipped.getWidth()).isEqualTo(20);
        assertThat(clipped.getHeight()).isEqualTo(10);
    }

    @Test
    void trimOpaqueImageByBorderColour() throws NodeFailure {
        BufferedImage image = filled(30, 20, 0xFFFFFFFF, false);
        for (int y = 5; y < 12; y++) {
            for (int x = 10; x < 14; x++) {
                image.setRGB(x, y, 0xFF202020);
            }
        }
        image.setRGB(2, 2, 0xFFF4F4F4); // within the tolerance: still background
        BufferedImage r = transform("trim", "{}").apply(image);
        assertThat(r.getWidth()).isEqualTo(4);
        assertThat(r.getHeight()).isEqualTo(7);
        assertThat(r.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        BufferedImage padded = transform("trim", "{'padding': 3}").apply(image);
        assertThat(padded.getWidth()).isEqualTo(10);
        assertThat(padded.getHeight()).isEqualTo(13);
        assertThat(padded.getRGB(3, 3)).isEqualTo(0xFF202020);
        assertThat(padded.getRGB(2, 3)).isEqualTo(0xFFFFFFFF);
    }

    @Test
    void trimOpaqueArgbImageUsesTheBorderColourToo() throws NodeFailure {
        BufferedImage image = filled(10, 10, 0xFF000000, true);
        image.setRGB(9, 9, 0xFFFFFFFF); // object in the corner
        BufferedImage r = transform("trim", "{}").apply(image);
        assertThat(r.getWidth()).isEqualTo(1);
        assertThat(r.getRGB(0, 0)).isEqualTo(0xFFFFFFFF);
    }

    @Test
    void trimOfAnEmptyImageReturnsItUnchanged() throws NodeFailure {
        BufferedImage clear = new BufferedImage(8, 6, BufferedImage.TYPE_INT_ARGB);
        BufferedImage r = transform("trim", "{'padding': 1}").apply(clear);
        assertThat(r).isNotSameAs(clear);
        assertThat(r.getWidth()).isEqualTo(8);
        assertThat(r.getHeight()).isEqualTo(6);
        BufferedImage uniform = filled(8, 6, 0xFF777777, false);
        assertThat(pixels(transform("trim", "{}").apply(uniform))).hasSize(48).containsOnly(0xFF777777);
    }
}
