package dev.flowrun.imaging;

import static dev.flowrun.support.Argb.colourDistance;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.flowrun.support.Argb;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.IndexColorModel;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ImageDecoderTest {
    private static final ImageDecoder DECODER = new ImageDecoder(50_000_000L);

    @TempDir
    Path dir;

    private Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    static byte[] encode(BufferedImage image, String format) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(ImageIO.write(image, format, out)).as("writer for " + format).isTrue();
        return out.toByteArray();
    }

    /** Blue-gray with a red block in the top-left and a green one in the top-right corner. */
    static BufferedImage corners(int w, int h) {
        BufferedImage image = Argb.filled(w, h, 0xFF607080, false);
        for (int y = 0; y < h / 3; y++) {
            for (int x = 0; x < w / 4; x++) {
                image.setRGB(x, y, 0xFFFF0000);
                image.setRGB(w - 1 - x, y, 0xFF00C000);
            }
        }
        return image;
    }

    /** {@link #corners}(40, 24) as a decoder must give it back: opaque RGB, each colour within lossy noise. */
    static void assertCorners(BufferedImage decoded) {
        assertThat(decoded.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        assertThat(decoded.getWidth()).isEqualTo(40);
        assertThat(decoded.getHeight()).isEqualTo(24);
        assertThat(colourDistance(decoded.getRGB(2, 2), 0xFFFF0000)).isLessThanOrEqualTo(40);
        assertThat(colourDistance(decoded.getRGB(37, 2), 0xFF00C000)).isLessThanOrEqualTo(40);
        assertThat(colourDistance(decoded.getRGB(20, 20), 0xFF607080)).isLessThanOrEqualTo(40);
    }

    private void assertRejected(Path path, String code) {
        assertThatThrownBy(() -> DECODER.decode(path)).isInstanceOfSatisfying(ImageRejected.class,
                e -> assertThat(e.code()).isEqualTo(code));
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "jpeg", "gif", "bmp", "tiff"})
    void decodesEachSupportedFormat(String format) throws Exception {
        BufferedImage image = corners(40, 24);
        BufferedImage decoded = DECODER.decode(file("in." + format, encode(image, format)));
        assertCorners(decoded);
    }

    @Test
    void normalisesAlphaGrayPaletteAndSixteenBitImages() throws Exception {
        BufferedImage argb = new BufferedImage(4, 4, BufferedImage.TYPE_INT_ARGB);
        argb.setRGB(1, 1, 0x80FF0000);
        BufferedImage decoded = DECODER.decode(file("a.png", encode(argb, "png")));
        assertThat(decoded.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(decoded.getRGB(1, 1)).isEqualTo(0x80FF0000);
        assertThat(decoded.getRGB(0, 0) >>> 24).isZero();

        BufferedImage gray = new BufferedImage(4, 4, BufferedImage.TYPE_BYTE_GRAY);
        gray.getRaster().setSample(2, 2, 0, 128);
        decoded = DECODER.decode(file("g.png", encode(gray, "png")));
        assertThat(decoded.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        assertThat(decoded.getRGB(2, 2)).as("gray is not brightened").isEqualTo(0xFF808080);

        BufferedImage gray16 = new BufferedImage(4, 4, BufferedImage.TYPE_USHORT_GRAY);
        gray16.getRaster().setSample(2, 2, 0, 0x8080);
        decoded = DECODER.decode(file("g16.png", encode(gray16, "png")));
        assertThat(decoded.getRGB(2, 2)).isEqualTo(0xFF808080);

        ComponentColorModel rgba16 = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB),
                new int[] {16, 16, 16, 16}, true, false, Transparency.TRANSLUCENT, DataBuffer.TYPE_USHORT);
        WritableRaster raster = rgba16.createCompatibleWritableRaster(2, 1);
        raster.setPixel(0, 0, new int[] {0xFFFF, 0x8080, 0, 0xFFFF});
        raster.setPixel(1, 0, new int[] {0, 0, 0xFFFF, 0x8080});
        decoded = DECODER.decode(file("c16.png", encode(new BufferedImage(rgba16, raster, false, null), "png")));
        assertThat(decoded.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(Argb.pixels(decoded)).containsExactly(0xFFFF8000, 0x800000FF);

        IndexColorModel palette = new IndexColorModel(8, 2, new byte[] {0, (byte) 255}, new byte[] {0, 0},
                new byte[] {0, 0}, 0); // index 0 transparent
        BufferedImage indexed = new BufferedImage(4, 4, BufferedImage.TYPE_BYTE_INDEXED, palette);
        indexed.getRaster().setSample(3, 3, 0, 1);
        decoded = DECODER.decode(file("p.png", encode(indexed, "png")));
        assertThat(decoded.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(decoded.getRGB(3, 3)).isEqualTo(0xFFFF0000);
        assertThat(decoded.getRGB(0, 0) >>> 24).isZero();
    }

    @Test
    void rejectsWhatIsNotAnImage() throws Exception {
        byte[] random = new byte[4096];
        new Random(1).nextBytes(random);
        random[0] = 0x12;
        assertRejected(file("random.bin", random), ImageRejected.UNSUPPORTED_MEDIA);
        assertRejected(file("empty.png", new byte[0]), ImageRejected.UNSUPPORTED_MEDIA);
        assertRejected(file("text.jpg", "hello, world".getBytes()), ImageRejected.UNSUPPORTED_MEDIA);
        assertThatThrownBy(() -> DECODER.decode(file("x", new byte[] {1, 2, 3})))
                .hasMessage("the file is not a supported image (JPEG, PNG, GIF, BMP, TIFF, WebP)");
    }

    @Test
    void corruptWebpIsUnsupportedNamingTheFormat() throws Exception {
        byte[] webp = "RIFF\0\0\0\0WEBPVP8 ....".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> DECODER.decode(file("a.webp", webp)))
                .isInstanceOfSatisfying(ImageRejected.class,
                        e -> assertThat(e.code()).isEqualTo(ImageRejected.UNSUPPORTED_MEDIA))
                .hasMessageContaining("WebP");
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "jpeg"})
    void truncatedFilesAreUnsupported(String format) throws Exception {
        BufferedImage noisy = new BufferedImage(64, 64, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(2);
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                noisy.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        byte[] whole = encode(noisy, format);
        Path cut = file("cut." + format, Arrays.copyOf(whole, whole.length * 6 / 10));
        assertThatThrownBy(() -> DECODER.decode(cut)).isInstanceOfSatisfying(ImageRejected.class, e -> {
            assertThat(e.code()).isEqualTo(ImageRejected.UNSUPPORTED_MEDIA);
            assertThat(e.getMessage()).contains("could not be decoded");
        });
    }

    @Test
    void corruptFilesOnlyEverFailAsRejected() throws Exception {
        Random random = new Random(7);
        for (String format : new String[] {"png", "jpeg", "gif", "bmp", "tiff", "webp"}) {
            byte[] whole = format.equals("webp") ? ImageFormatsTest.WEBP_LOSSY : encode(corners(32, 20), format);
            for (int round = 0; round < 15; round++) {
                byte[] broken = whole.clone();
                for (int k = 0; k < 4; k++) { // keep the signature so the reader is reached
                    broken[8 + random.nextInt(broken.length - 8)] = (byte) random.nextInt(256);
                }
                int length = round % 3 == 0 ? 8 + random.nextInt(broken.length - 8) : broken.length;
                Path path = file("broken." + format, Arrays.copyOf(broken, length));
                try {
                    BufferedImage image = new ImageDecoder(1_000_000).decode(path);
                    assertThat(image.getType()).isIn(BufferedImage.TYPE_INT_RGB, BufferedImage.TYPE_INT_ARGB);
                } catch (ImageRejected expected) {
                    assertThat(expected.code()).isIn(ImageRejected.UNSUPPORTED_MEDIA, ImageRejected.IMAGE_TOO_LARGE);
                } catch (RuntimeException | IOException e) {
                    fail(format + " round " + round + " escaped with " + e, e);
                }
            }
        }
    }

    @Test
    void hugeDimensionsAreRefusedFromTheHeaderAlone() throws Exception {
        Path bomb = file("bomb.png", pngHeaderOnly(20000, 20000));
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> DECODER.decode(bomb)).isInstanceOfSatisfying(ImageRejected.class, e -> {
            assertThat(e.code()).isEqualTo(ImageRejected.IMAGE_TOO_LARGE);
            assertThat(e.getMessage())
                    .isEqualTo("image is 20000×20000 (400000000 pixels), over the limit of 50000000 pixels");
        });
        // Decoding it would take 1.6 GB; refusing it from the header takes next to nothing.
        assertThat(threads.getCurrentThreadAllocatedBytes() - allocatedBefore).as("bytes allocated").isLessThan(16L << 20);

        Path fits = file("ok.png", encode(Argb.filled(100, 100, 0xFF000000, false), "png"));
        assertThatThrownBy(() -> new ImageDecoder(9_999).decode(fits)).isInstanceOfSatisfying(ImageRejected.class,
                e -> assertThat(e.code()).isEqualTo(ImageRejected.IMAGE_TOO_LARGE));
        assertThat(new ImageDecoder(10_000).decode(fits).getWidth()).isEqualTo(100);
    }

    /** PNG signature and an IHDR chunk with a valid CRC, nothing else. */
    static byte[] pngHeaderOnly(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(17);
        ihdr.put("IHDR".getBytes()).putInt(width).putInt(height).put(new byte[] {8, 6, 0, 0, 0});
        CRC32 crc = new CRC32();
        crc.update(ihdr.array());
        return ByteBuffer.allocate(8 + 4 + 17 + 4)
                .put(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A})
                .putInt(13).put(ihdr.array()).putInt((int) crc.getValue())
                .array();
    }

    @Test
    void missingFileIsAnIoErrorNotARejection() {
        assertThatThrownBy(() -> DECODER.decode(dir.resolve("nope.png"))).isInstanceOf(IOException.class);
    }
}
