package dev.flowrun.nodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.stream.Stream;

import static dev.flowrun.nodes.SyntheticShots.circle;
import static dev.flowrun.nodes.SyntheticShots.flat;
import static dev.flowrun.nodes.SyntheticShots.iou;
import static dev.flowrun.nodes.SyntheticShots.render;
import static dev.flowrun.nodes.SyntheticShots.ring;
import static dev.flowrun.nodes.SyntheticShots.verticalGradient;
import static dev.flowrun.support.Argb.alpha;
import static dev.flowrun.support.Argb.pixels;
import static dev.flowrun.nodes.TestSupport.transform;
import static org.assertj.core.api.Assertions.assertThat;

class RemoveBackgroundTest {

    static Stream<Arguments> shots() {
        return Stream.of(
                arguments("red circle on white",
                        render(200, 160, circle(100, 80, 55), 0xD01010, flat(0xFFFFFF), 2, 1)),
                arguments("dark object on a light vertical gradient",
                        render(200, 240, (x, y) -> Math.abs(x - 100) / 60 + Math.abs(y - 120) / 90 <= 1,
                                0x283040, verticalGradient(0xFAFAFA, 0xB4B9C0, 240), 2, 2)),
                arguments("object touching the left edge",
                        render(220, 160, (x, y) -> x < 90 && y > 30 && y < 130, 0xC83C28, flat(0xEBEBEB), 2, 3)),
                arguments("ring with the backdrop in its hole",
                        render(200, 200, ring(100, 100, 35, 75), 0x1E78C8, flat(0xFFFFFF), 2, 4)),
                arguments("light-gray object on near-white",
                        render(200, 200, circle(100, 100, 60), 0xD7D7D7, flat(0xF5F5F5), 2, 5)),
                arguments("dark object on a dark-to-darker backdrop",
                        render(180, 180, circle(90, 90, 50), 0xE0C070, verticalGradient(0x303030, 0x101010, 180),
                                2, 6)));
    }

    private static Arguments arguments(String name, SyntheticShots.Shot shot) {
        return Arguments.of(name, shot);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shots")
    void cutsOutTheSubject(String name, SyntheticShots.Shot shot) throws NodeFailure {
        int[] before = pixels(shot.image());
        BufferedImage cut = transform("removeBackground", "{}").apply(shot.image());
        assertThat(pixels(shot.image())).as("input untouched").isEqualTo(before);
        assertThat(cut.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(cut.getWidth()).isEqualTo(shot.image().getWidth());
        assertThat(iou(cut, shot.truth())).as(name).isGreaterThanOrEqualTo(0.95);
        assertThat(alpha(cut.getRGB(0, cut.getHeight() - 1))).isZero();
    }

    @Test
    void holeInTheRingBecomesTransparent() throws NodeFailure {
        SyntheticShots.Shot shot = render(200, 200, ring(100, 100, 35, 75), 0x1E78C8, flat(0xFFFFFF), 2, 4);
        BufferedImage cut = transform("removeBackground", "{}").apply(shot.image());
        assertThat(alpha(cut.getRGB(100, 100))).isZero();
        assertThat(alpha(cut.getRGB(100, 45))).isEqualTo(255);
    }

    @Test
    void smallBackdropColouredDetailInsideTheSubjectStays() throws NodeFailure {
        // a dark box on white with a label of 25 px inside, white like the backdrop
        BufferedImage image = Argb.paint(Argb.filled(200, 200, 0xFFFFFFFF, false), 50, 50, 150, 150,
                (x, y) -> x >= 98 && x < 103 && y >= 98 && y < 103 ? 0xFFFFFFFF : 0xFF202020);
        BufferedImage cut = transform("removeBackground", "{'feather': 0}").apply(image);
        assertThat(alpha(cut.getRGB(100, 100))).isEqualTo(255);
        assertThat(cut.getRGB(100, 100) & 0xFFFFFF).isEqualTo(0xFFFFFF);
        assertThat(alpha(cut.getRGB(20, 20))).isZero();
    }

    @Test
    void largeBackdropColouredAreaWithContentInsideTheSubjectStays() throws NodeFailure {
        // a white label with "text" on a dark box, on white: enclosed and backdrop-coloured, but not empty
        BufferedImage image = Argb.paint(Argb.filled(200, 200, 0xFFFFFFFF, false), 40, 40, 160, 160, (x, y) -> {
            boolean label = x >= 60 && x < 140 && y >= 80 && y < 120;
            boolean text = label && y >= 95 && y < 105 && (x / 4) % 2 == 0;
            return label && !text ? 0xFFFFFFFF : 0xFF202020;
        });
        BufferedImage cut = transform("removeBackground", "{'feather': 0}").apply(image);
        assertThat(alpha(cut.getRGB(62, 82))).isEqualTo(255);
        assertThat(alpha(cut.getRGB(100, 110))).isEqualTo(255);
        assertThat(alpha(cut.getRGB(20, 20))).isZero();
    }

    @Test
    void featherZeroIsHardAndFeatherThreeIsSoft() throws NodeFailure {
        SyntheticShots.Shot shot = render(200, 160, circle(100, 80, 55), 0xD01010, flat(0xFFFFFF), 2, 1);
        int[] hard = pixels(transform("removeBackground", "{'feather': 0}").apply(shot.image()));
        assertThat(Arrays.stream(hard)).allMatch(p -> alpha(p) == 0 || alpha(p) == 255);

        BufferedImage soft = transform("removeBackground", "{'feather': 3}").apply(shot.image());
        long partial = Arrays.stream(pixels(soft)).filter(p -> alpha(p) > 0 && alpha(p) < 255).count();
        assertThat(partial).as("soft edge pixels").isGreaterThan(500); // circumference ≈ 345, band ≈ 6 px
        // the soft band sits on the outline: well inside and well outside stay solid
        assertThat(alpha(soft.getRGB(100, 80))).isEqualTo(255);
        assertThat(alpha(soft.getRGB(100, 80 - 45))).isEqualTo(255);
        assertThat(alpha(soft.getRGB(100, 80 - 65))).isZero();
        assertThat(alpha(soft.getRGB(100, 80 - 55))).isBetween(1, 254);
        assertThat(iou(soft, shot.truth())).isGreaterThanOrEqualTo(0.95);
    }

    @Test
    void edgeColoursLoseTheBackdrop() throws NodeFailure {
        SyntheticShots.Shot shot = render(200, 160, circle(100, 80, 55), 0xD01010, flat(0xFFFFFF), 0, 1);
        BufferedImage cut = transform("removeBackground", "{'feather': 2}").apply(shot.image());
        int[] px = pixels(cut);
        long visible = 0;
        long pinkish = 0;
        for (int p : px) {
            if (alpha(p) > 0) {
                visible++;
                pinkish += Argb.green(p) > 60 ? 1 : 0; // red mixed with white has high green/blue
            }
        }
        assertThat(visible).isGreaterThan(9000);
        assertThat(pinkish).isZero();
    }

    @Test
    void toleranceSetsHowFarFromTheBackdropStillCounts() throws NodeFailure {
        // ΔE between the gray subject and the backdrop is about 10.5
        SyntheticShots.Shot shot = render(120, 120, circle(60, 60, 30), 0xD7D7D7, flat(0xF5F5F5), 0, 7);
        BufferedImage strict = transform("removeBackground", "{'tolerance': 10}").apply(shot.image());
        assertThat(iou(strict, shot.truth())).isGreaterThanOrEqualTo(0.95);
        BufferedImage loose = transform("removeBackground", "{'tolerance': 40}").apply(shot.image());
        assertThat(Arrays.stream(pixels(loose))).allMatch(p -> alpha(p) == 0);
    }

    @Test
    void existingTransparencyIsKept() throws NodeFailure {
        BufferedImage image = Argb.paint(Argb.filled(100, 100, 0xFFFFFFFF, true), 30, 30, 70, 70,
                (x, y) -> x < 50 ? 0x80000080 : 0xFF000080);
        BufferedImage cut = transform("removeBackground", "{'feather': 0}").apply(image);
        assertThat(alpha(cut.getRGB(40, 50))).isEqualTo(128);
        assertThat(alpha(cut.getRGB(60, 50))).isEqualTo(255);
        assertThat(alpha(cut.getRGB(10, 50))).isZero();

        BufferedImage clear = new BufferedImage(50, 50, BufferedImage.TYPE_INT_ARGB);
        clear.setRGB(25, 25, 0xFF00FF00);
        BufferedImage again = transform("removeBackground", "{}").apply(clear);
        assertThat(again.getRGB(25, 25)).isEqualTo(0xFF00FF00);
    }

    @Test
    void tinyImagesDoNotBreak() throws NodeFailure {
        for (int[] size : new int[][] {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {3, 3}}) {
            BufferedImage image = Argb.filled(size[0], size[1], 0xFF336699, false);
            BufferedImage cut = transform("removeBackground", "{}").apply(image);
            assertThat(cut.getWidth()).isEqualTo(size[0]);
            assertThat(cut.getHeight()).isEqualTo(size[1]);
        }
    }

    @Test
    void highlightJustInsideTheOutlineStaysOpaque() throws NodeFailure {
        // A glossy product: a pale streak two pixels inside the left edge, on the line between subject and
        // backdrop colour, which a per-pixel coverage estimate alone would make half transparent.
        BufferedImage image = Argb.paint(Argb.filled(200, 200, 0xFFFFFFFF, false), 50, 40, 150, 160,
                (x, y) -> x >= 52 && x < 55 && y >= 60 && y < 140 ? 0xFFA0A8D8 : 0xFF182890);
        BufferedImage cut = transform("removeBackground", "{}").apply(image);
        assertThat(alpha(cut.getRGB(53, 100))).isEqualTo(255);
        assertThat(cut.getRGB(53, 100) & 0xFFFFFF).isEqualTo(0xA0A8D8);
        assertThat(alpha(cut.getRGB(100, 100))).isEqualTo(255);
        assertThat(alpha(cut.getRGB(45, 100))).isZero();
    }

    @Test
    void softShadowBelowAColouredSubjectGoes() throws NodeFailure {
        BufferedImage cut = transform("removeBackground", "{}").apply(withShadow(0xC83228));
        assertThat(alpha(cut.getRGB(100, 100))).isEqualTo(255);
        assertThat(alpha(cut.getRGB(100, 152))).as("in the shadow, just below").isZero();
        assertThat(alpha(cut.getRGB(40, 150))).as("in the shadow, to the side").isZero();
    }

    @Test
    void graySubjectBesideItsShadowIsKeptWhole() throws NodeFailure {
        // Gray on white is the shadow's own colour: the shadow then stays rather than risk eating the subject.
        BufferedImage cut = transform("removeBackground", "{}").apply(withShadow(0xB0B0B0));
        for (int y = 65; y < 145; y += 10) {
            for (int x = 65; x < 140; x += 10) {
                assertThat(alpha(cut.getRGB(x, y))).as("%d,%d", x, y).isEqualTo(255);
            }
        }
        assertThat(alpha(cut.getRGB(10, 10))).isZero();
    }

    /** A 200×200 white shot of a box (60..140, 60..150) with a soft shadow spreading from its base. */
    private static BufferedImage withShadow(int subject) {
        BufferedImage image = new BufferedImage(200, 200, BufferedImage.TYPE_INT_RGB);
        java.util.Random noise = new java.util.Random(5);
        for (int y = 0; y < 200; y++) {
            for (int x = 0; x < 200; x++) {
                double u = (x - 100) / 70.0;
                double v = (y - 150) / 14.0;
                double lit = 1 - 0.3 * Math.exp(-2 * (u * u + v * v));
                boolean box = x >= 60 && x < 140 && y >= 60 && y < 150;
                int rgb = 0;
                for (int shift = 16; shift >= 0; shift -= 8) {
                    double c = box ? (subject >> shift & 0xFF) : 250 * lit;
                    rgb |= (int) Math.max(0, Math.min(255, Math.round(c + noise.nextGaussian() * 1.5))) << shift;
                }
                image.setRGB(x, y, rgb);
            }
        }
        return image;
    }

    /** How fast this goes is measured by the benchmarks ({@code ImageSpeedBenchmark}), never asserted here. */
    @Test
    void largeImageIsCutAsCleanlyAsASmallOne() throws NodeFailure {
        SyntheticShots.Shot shot = render(2000, 1500, circle(1000, 750, 500), 0x3060A0, flat(0xF0F0F0), 0, 8);
        BufferedImage cut = transform("removeBackground", "{'feather': 3}").apply(shot.image());
        assertThat(iou(cut, shot.truth())).isGreaterThanOrEqualTo(0.99);
    }
}
