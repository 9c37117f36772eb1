package dev.flowrun.nodes;

import static dev.flowrun.nodes.TestSupport.compile;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.model.Photos;
import dev.flowrun.support.Argb;
import dev.flowrun.support.Dwebp;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** {@code output} {@code webp}: files libwebp's own decoder reads, as cwebp writes them, transparency kept. */
class WebpOutputTest {

    private static byte[] write(String data, BufferedImage image) throws Exception {
        OutputNode node = (OutputNode) compile("output", data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        node.write(image, out);
        return out.toByteArray();
    }

    private static BufferedImage photo() throws Exception {
        BufferedImage read = ImageIO.read(Photos.get(Photos.Source.OPENCV, "data/baboon.jpg").toFile());
        BufferedImage rgb = new BufferedImage(read.getWidth(), read.getHeight(), BufferedImage.TYPE_INT_RGB);
        rgb.getGraphics().drawImage(read, 0, 0, null);
        return rgb;
    }

    /** A disc whose edge fades out over a few pixels, on a transparent ground. */
    private static BufferedImage softDisc() {
        BufferedImage image = new BufferedImage(64, 48, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 48; y++) {
            for (int x = 0; x < 64; x++) {
                double d = Math.hypot(x - 32, y - 24);
                int a = (int) Math.round(255 * Math.max(0, Math.min(1, (20 - d) / 4)));
                image.setRGB(x, y, a << 24 | (4 * x) << 16 | (5 * y) << 8 | 0x40);
            }
        }
        return image;
    }

    @Test
    void aWebpOutputIsNamedAndServedAsWebp() throws InvalidNodeData {
        OutputNode node = (OutputNode) compile("output", "{'format': 'webp'}");
        assertThat(node.extension()).isEqualTo("webp");
        assertThat(node.contentType()).isEqualTo("image/webp");
    }

    @Test
    void lossyIsWhatCwebpWritesAtTheSameQualityAndDwebpReadsIt() throws Exception {
        BufferedImage photo = photo();
        byte[] ours = write("{'format': 'webp', 'quality': 80}", photo);
        assertThat(new String(ours, 8, 4, StandardCharsets.US_ASCII)).isEqualTo("WEBP");
        Path png = Files.createTempFile("flowrun-webp", ".png");
        Path theirs = Files.createTempFile("flowrun-webp", ".webp");
        try {
            ImageIO.write(photo, "png", png.toFile());
            Process p = new ProcessBuilder("cwebp", "-quiet", "-q", "80", png.toString(), "-o", theirs.toString())
                    .inheritIO().start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0).as("cwebp ran").isTrue();
            assertThat((double) ours.length).as("size beside cwebp's").isCloseTo(Files.size(theirs),
                    org.assertj.core.data.Percentage.withPercentage(3));
        } finally {
            Files.deleteIfExists(png);
            Files.deleteIfExists(theirs);
        }
        BufferedImage back = Dwebp.decode(ours);
        assertThat(back.getWidth()).isEqualTo(photo.getWidth());
        assertThat(meanDifference(photo, back)).as("mean colour difference, levels").isLessThan(8);
        assertThat(write("{'format': 'webp', 'quality': 30}", photo).length).as("quality 30")
                .isLessThan(ours.length * 2 / 3);
    }

    @Test
    void losslessKeepsEveryVisiblePixelAndTheAlpha() throws Exception {
        BufferedImage disc = softDisc();
        BufferedImage back = Dwebp.decode(write("{'format': 'webp', 'lossless': true, 'quality': 5}", disc));
        int[] in = Argb.pixels(disc);
        int[] out = Argb.pixels(back);
        for (int i = 0; i < in.length; i++) {
            assertThat(Argb.alpha(out[i])).as("alpha at " + i).isEqualTo(Argb.alpha(in[i]));
            if (Argb.alpha(in[i]) > 0) {
                assertThat(Integer.toHexString(out[i])).as("pixel " + i).isEqualTo(Integer.toHexString(in[i]));
            }
        }
    }

    @Test
    void lossyKeepsTheTransparency() throws Exception {
        BufferedImage disc = softDisc();
        BufferedImage back = Dwebp.decode(write("{'format': 'webp', 'quality': 90}", disc));
        int[] in = Argb.pixels(disc);
        int[] out = Argb.pixels(back);
        for (int i = 0; i < in.length; i++) {
            assertThat(Argb.alpha(out[i])).as("alpha at " + i).isCloseTo(Argb.alpha(in[i]),
                    org.assertj.core.data.Offset.offset(2));
            if (Argb.alpha(in[i]) == 255) {
                assertThat(Argb.colourDistance(out[i], in[i])).as("colour at " + i).isLessThanOrEqualTo(24);
            }
        }
    }

    @Test
    void anOpaqueImageIsWrittenWithoutAlpha() throws Exception {
        BufferedImage opaque = Argb.filled(30, 20, 0xFF336699, true);
        byte[] bytes = write("{'format': 'webp', 'quality': 90}", opaque);
        assertThat(new String(bytes, 12, 4, StandardCharsets.US_ASCII)).as("a simple lossy file, no alpha chunk")
                .isEqualTo("VP8 ");
        BufferedImage back = Dwebp.decode(bytes);
        assertThat(Argb.alpha(back.getRGB(10, 10))).isEqualTo(255);
        assertThat(Argb.colourDistance(back.getRGB(10, 10), 0xFF336699)).isLessThanOrEqualTo(6);
    }

    private static double meanDifference(BufferedImage a, BufferedImage b) {
        int[] pa = Argb.pixels(a);
        int[] pb = Argb.pixels(b);
        long sum = 0;
        for (int i = 0; i < pa.length; i++) {
            sum += Math.abs(Argb.red(pa[i]) - Argb.red(pb[i])) + Math.abs(Argb.green(pa[i]) - Argb.green(pb[i]))
                    + Math.abs(Argb.blue(pa[i]) - Argb.blue(pb[i]));
        }
        return sum / (3.0 * pa.length);
    }
}
