package dev.flowrun.nodes;

import static dev.flowrun.nodes.TestSupport.transform;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/**
 * {@code trim} leaves out specks (contract §4): parts apart from the rest whose area is under 1% of the largest
 * part's. Parts are 8-connected: a strand touching the subject only at pixel corners is the subject's.
 */
class TrimSpecksTest {
    private static final int SUBJECT = 0xFF336699;

    /** A transparent canvas with a 100 × 100 subject (10,000 px) at (50, 50). */
    private static BufferedImage subject(int w, int h) {
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        return Argb.paint(image, 50, 50, 150, 150, (x, y) -> SUBJECT);
    }

    @Test
    void aSpeckApartFromTheSubjectIsLeftOutOfTheBoxAndClearedInsideIt() throws NodeFailure {
        BufferedImage image = subject(400, 300);
        Argb.paint(image, 380, 280, 385, 285, (x, y) -> 0xFF000000); // 25 px, far away: outside the box
        Argb.paint(image, 160, 140, 169, 149, (x, y) -> 0xFFAA0000); // 81 px beside it, inside the padded box
        BufferedImage r = transform("trim", "{'padding': 20}").apply(image);
        assertThat(r.getWidth()).as("the subject and its padding only").isEqualTo(140);
        assertThat(r.getHeight()).isEqualTo(140);
        assertThat(r.getRGB(20, 20)).isEqualTo(SUBJECT);
        assertThat(r.getRGB(135, 115) >>> 24).as("the speck beside it, made transparent").isZero();
        assertThat(image.getRGB(165, 145)).as("the input is not changed").isEqualTo(0xFFAA0000);
    }

    @Test
    void twoLargePartsAreBothKept() throws NodeFailure {
        BufferedImage image = subject(400, 300);
        Argb.paint(image, 300, 200, 310, 210, (x, y) -> 0xFF00AA00); // 100 px: exactly 1% of the largest, kept
        BufferedImage r = transform("trim", "{}").apply(image);
        assertThat(r.getWidth()).isEqualTo(310 - 50);
        assertThat(r.getHeight()).isEqualTo(210 - 50);
        assertThat(r.getRGB(255, 155)).isEqualTo(0xFF00AA00);
    }

    @Test
    void aDiagonalStrandTouchingTheSubjectAtCornersIsPartOfIt() throws NodeFailure {
        BufferedImage image = subject(400, 300);
        for (int i = 0; i < 60; i++) {
            image.setRGB(150 + i, 150 + i, 0xFF884400); // 60 px, one pixel wide, corner to corner
        }
        BufferedImage r = transform("trim", "{}").apply(image);
        assertThat(r.getWidth()).as("the strand is kept: 8-connected").isEqualTo(160);
        assertThat(r.getRGB(159, 159)).isEqualTo(0xFF884400);
    }

    @Test
    void anOpaqueImagesSpecksAreLeftOutOfTheBoxButKept() throws NodeFailure {
        BufferedImage image = Argb.filled(400, 300, 0xFFFFFFFF, false);
        Argb.paint(image, 50, 50, 150, 150, (x, y) -> 0xFF202020);
        Argb.paint(image, 390, 5, 393, 8, (x, y) -> 0xFF202020); // dust in a corner
        BufferedImage r = transform("trim", "{'padding': 300}").apply(image);
        assertThat(r.getWidth()).as("the padding reaches the dust").isEqualTo(400);
        assertThat(r.getRGB(391, 6)).as("an opaque image is not painted over").isEqualTo(0xFF202020);
        BufferedImage tight = transform("trim", "{}").apply(image);
        assertThat(tight.getWidth()).isEqualTo(100);
        assertThat(tight.getHeight()).isEqualTo(100);
    }
}
