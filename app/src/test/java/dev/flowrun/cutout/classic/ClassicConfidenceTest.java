package dev.flowrun.cutout.classic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.Cutout;
import dev.flowrun.cutout.CutoutMethod;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ClassicConfidenceTest {
    private final FloodFillBackgroundRemover remover = new FloodFillBackgroundRemover();

    @Test
    void aSubjectOnAPlainBackdropIsTrustedAndAClutteredBorderIsNot() {
        BufferedImage studio = new BufferedImage(200, 150, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = studio.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 200, 150);
        g.setColor(new Color(0x8A3020));
        g.fillOval(60, 30, 80, 90);
        g.dispose();
        Cutout clean = remover.remove(studio, OptionalInt.empty(), 1);
        assertThat(clean.method()).isEqualTo(CutoutMethod.CLASSIC);
        assertThat(clean.confidence()).isGreaterThan(0.9);

        BufferedImage scene = new BufferedImage(200, 150, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(5);
        for (int y = 0; y < 150; y += 10) { // a border of unrelated coloured patches: no backdrop to follow
            for (int x = 0; x < 200; x += 10) {
                int rgb = random.nextInt(0x1000000);
                for (int yy = y; yy < y + 10; yy++) {
                    for (int xx = x; xx < x + 10; xx++) {
                        scene.setRGB(xx, yy, rgb);
                    }
                }
            }
        }
        assertThat(remover.remove(scene, OptionalInt.empty(), 1).confidence()).isLessThan(0.3);
    }

    @Test
    void anImageWithNothingOnTheBackdropIsNotTrusted() {
        BufferedImage empty = new BufferedImage(120, 90, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = empty.createGraphics();
        g.setColor(new Color(0xF3F1EC));
        g.fillRect(0, 0, 120, 90);
        g.dispose();
        assertThat(remover.remove(empty, OptionalInt.empty(), 1).confidence()).isLessThan(0.1);
    }
}
