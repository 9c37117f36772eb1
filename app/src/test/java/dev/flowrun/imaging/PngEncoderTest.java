package dev.flowrun.imaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PngEncoderTest {

    /** Transparent margins, flat areas, a gradient and noise: rows that pick each filter and deflate mode. */
    private static int[] mixed(int w, int h, boolean alpha, long seed) {
        Random random = new Random(seed);
        int[] px = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int p;
                if (x < w / 5 || y < h / 6) {
                    p = alpha ? 0 : 0xFFFFFFFF;
                } else if (x < w / 2) {
                    p = 0xFF000000 | (x * 255 / w) << 16 | (y * 255 / h) << 8 | 0x40;
                } else if (y < h / 2) {
                    p = 0xFF336699;
                } else {
                    p = random.nextInt() | (alpha ? 0 : 0xFF000000);
                }
                px[y * w + x] = p;
            }
        }
        return px;
    }

    private static byte[] encode(int[] px, int w, int h, boolean alpha) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PngEncoder.write(px, w, h, alpha, out);
        return out.toByteArray();
    }

    @ParameterizedTest(name = "{0}×{1} alpha {2}")
    @CsvSource({"97, 61, true", "97, 61, false", "1, 1, true", "1, 1, false", "1, 300, true", "3000, 1, false",
            "640, 480, true"})
    void decodesToExactlyThePixelsWritten(int w, int h, boolean alpha) throws Exception {
        int[] px = mixed(w, h, alpha, w * 31L + h);
        BufferedImage back = ImageIO.read(new ByteArrayInputStream(encode(px, w, h, alpha)));
        assertThat(back.getWidth()).isEqualTo(w);
        assertThat(back.getHeight()).isEqualTo(h);
        assertThat(back.getColorModel().hasAlpha()).isEqualTo(alpha);
        int[] decoded = back.getRGB(0, 0, w, h, null, 0, w);
        for (int i = 0; i < px.length; i++) {
            int expected = alpha ? px[i] : px[i] | 0xFF000000;
            if (decoded[i] != expected) {
                throw new AssertionError("pixel " + i + ": " + Integer.toHexString(decoded[i]) + " instead of "
                        + Integer.toHexString(expected));
            }
        }
    }

    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"97, 61", "1, 1", "640, 480"})
    void anOpaqueGrayPictureIsWrittenAsAGrayPngWithExactlyItsLevels(int w, int h) throws Exception {
        Random random = new Random(w);
        int[] px = new int[w * h];
        for (int i = 0; i < px.length; i++) {
            int v = i % w < w / 2 ? i % w * 255 / w : random.nextInt(256);
            px[i] = 0xFF000000 | v << 16 | v << 8 | v;
        }
        byte[] png = encode(px, w, h, false);
        assertThat(png[25]).as("colour type gray").isEqualTo((byte) 0);
        BufferedImage back = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(back.getColorModel().getNumComponents()).isEqualTo(1);
        int[] levels = back.getRaster().getSamples(0, 0, w, h, 0, (int[]) null);
        for (int i = 0; i < px.length; i++) {
            assertThat(levels[i]).as("pixel %d", i).isEqualTo(px[i] & 0xFF);
        }
    }

    @Test
    void oneColouredPixelKeepsThePictureRgb() throws Exception {
        int[] px = new int[64 * 64];
        Arrays.fill(px, 0xFF808080);
        px[px.length - 1] = 0xFF808081;
        byte[] png = encode(px, 64, 64, false);
        assertThat(png[25]).as("colour type RGB").isEqualTo((byte) 2);
        assertThat(ImageIO.read(new ByteArrayInputStream(png)).getRGB(63, 63)).isEqualTo(0xFF808081);
    }

    @Test
    void headerAndChunksFollowTheFormat() throws Exception {
        int w = 400;
        int h = 300;
        byte[] png = encode(mixed(w, h, true, 1), w, h, true);
        ByteBuffer b = ByteBuffer.wrap(png);
        assertThat(b.getLong()).isEqualTo(0x89504E470D0A1A0AL);
        assertThat(b.getInt()).isEqualTo(13);
        assertThat(b.getInt()).isEqualTo(0x49484452); // IHDR
        assertThat(b.getInt()).isEqualTo(w);
        assertThat(b.getInt()).isEqualTo(h);
        assertThat(b.get()).isEqualTo((byte) 8);
        assertThat(b.get()).as("colour type RGBA").isEqualTo((byte) 6);
        List<Integer> idat = new ArrayList<>();
        b.position(8);
        String last = "";
        while (b.remaining() > 0) {
            int length = b.getInt();
            byte[] type = new byte[4];
            b.get(type);
            last = new String(type);
            if (last.equals("IDAT")) {
                idat.add(length);
            }
            b.position(b.position() + length + 4);
        }
        assertThat(last).isEqualTo("IEND");
        assertThat(idat).as("a noisy image spans several 64 KB IDAT chunks").hasSizeGreaterThan(1);
        // The deflate buffer starts small and grows: the chunks are the same whatever its size.
        assertThat(idat.subList(0, idat.size() - 1)).containsOnly(65536);
    }

    @Test
    void cutOutsCompressWell() throws Exception {
        // A cut-out is mostly transparent zeros: a hundredth of the raw 4 bytes per pixel.
        int w = 800;
        int h = 600;
        int[] px = new int[w * h];
        for (int y = 200; y < 400; y++) {
            for (int x = 300; x < 500; x++) {
                px[y * w + x] = 0xFF000000 | (x & 0xFF) << 8 | (y & 0xFF);
            }
        }
        assertThat(encode(px, w, h, true).length).isLessThan(w * h * 4 / 100);
    }
}
