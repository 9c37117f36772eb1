package dev.flowrun.nodes;

import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;

import static dev.flowrun.support.Argb.colourDistance;
import static dev.flowrun.nodes.TestSupport.compile;
import static org.assertj.core.api.Assertions.assertThat;

class OutputNodeTest {

    private static byte[] write(String data, BufferedImage image) throws Exception {
        OutputNode node = (OutputNode) compile("output", data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        node.write(image, out);
        return out.toByteArray();
    }

    private static BufferedImage read(byte[] bytes) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(bytes));
    }

    private static BufferedImage halfTransparent() {
        BufferedImage image = new BufferedImage(40, 20, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 20; y++) {
            for (int x = 0; x < 40; x++) {
                image.setRGB(x, y, x < 20 ? 0xFF0000FF : 0x00000000);
            }
        }
        image.setRGB(5, 5, 0x80FF0000);
        return image;
    }

    /** The output node of {@code data} names its files with {@code extension} and serves them as {@code type}. */
    private static void assertNamed(String data, String extension, String type) throws InvalidNodeData {
        OutputNode node = (OutputNode) compile("output", data);
        assertThat(node.extension()).isEqualTo(extension);
        assertThat(node.contentType()).isEqualTo(type);
    }

    @Test
    void pngKeepsAlphaExactly() throws Exception {
        assertNamed("{}", "png", "image/png");
        BufferedImage image = halfTransparent();
        BufferedImage back = read(write("{'format': 'png', 'quality': 10}", image));
        assertThat(Argb.pixels(back)).isEqualTo(Argb.pixels(image));
    }

    @Test
    void pngOfAnOpaqueImage() throws Exception {
        BufferedImage image = Argb.filled(3, 3, 0xFF445566, false);
        BufferedImage back = read(write("{}", image));
        assertThat(back.getColorModel().hasAlpha()).isFalse();
        assertThat(back.getRGB(1, 1)).isEqualTo(0xFF445566);
    }

    @Test
    void jpegFlattensTransparencyOntoWhite() throws Exception {
        assertNamed("{'format': 'jpeg'}", "jpg", "image/jpeg");
        BufferedImage image = halfTransparent();
        byte[] bytes = write("{'format': 'jpeg', 'quality': 95}", image);
        assertThat(bytes[0] & 0xFF).isEqualTo(0xFF);
        assertThat(bytes[1] & 0xFF).isEqualTo(0xD8);
        BufferedImage back = read(bytes);
        assertThat(back.getColorModel().hasAlpha()).isFalse();
        assertThat(back.getWidth()).isEqualTo(40);
        assertThat(colourDistance(back.getRGB(35, 10), 0xFFFFFFFF)).isLessThanOrEqualTo(6);
        assertThat(colourDistance(back.getRGB(10, 15), 0xFF0000FF)).isLessThanOrEqualTo(12);
        assertThat(image.getRGB(30, 10)).as("input untouched").isZero();
    }

    @Test
    void qualityChangesTheSize() throws Exception {
        BufferedImage noisy = new BufferedImage(128, 128, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(3);
        for (int y = 0; y < 128; y++) {
            for (int x = 0; x < 128; x++) {
                noisy.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        int low = write("{'format': 'jpeg', 'quality': 20}", noisy).length;
        int high = write("{'format': 'jpeg', 'quality': 95}", noisy).length;
        assertThat(high).isGreaterThan(low * 2);
    }

    @Test
    void writesImagesOfOtherTypes() throws Exception {
        BufferedImage gray = new BufferedImage(4, 4, BufferedImage.TYPE_BYTE_GRAY);
        assertThat(read(write("{}", gray)).getWidth()).isEqualTo(4);
        assertThat(read(write("{'format': 'jpeg'}", gray)).getWidth()).isEqualTo(4);
        BufferedImage abgr = new BufferedImage(4, 4, BufferedImage.TYPE_4BYTE_ABGR);
        assertThat(read(write("{'format': 'jpeg'}", abgr)).getRGB(0, 0)).isEqualTo(0xFFFFFFFF);
    }
}
