package dev.flowrun.imaging;

import static dev.flowrun.support.Argb.colourDistance;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Argb;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The input variants the plain JDK readers get wrong or cannot read, which the TwelveMonkeys plugins handle:
 * CMYK JPEG, WebP (lossy, and lossless with alpha); and the variants that must survive normalisation:
 * progressive JPEG, the first frame of an animated GIF.
 */
class ImageFormatsTest {
    private static final ImageDecoder DECODER = new ImageDecoder(50_000_000L);

    /** cwebp -q 80 of {@link ImageDecoderTest#corners}(40, 24): 120 bytes, too small to be worth a file. */
    static final byte[] WEBP_LOSSY = Base64.getDecoder().decode("UklGRnAAAABXRUJQVlA4IGQAAABQBQCdASooABgAPm0y"
            + "lUekIyIhJWswgA2JQBnVoAPUArgD+gZQB+gAB4bBX2/fdmP/6AAA/vKkD1Hz9hlRv5Bfqwr2UtKw/5Af4c+GghXGlnpv+0rC651vlm"
            + "l6g9dTCAAAAAAA");
    /**
     * cwebp -lossless -exact of a 16×16 image: left half opaque blue, right half transparent, and one red pixel
     * at (12, 12) with alpha 0x80.
     */
    static final byte[] WEBP_LOSSLESS_ALPHA = Base64.getDecoder().decode(
            "UklGRjQAAABXRUJQVlA4TCgAAAAvD8ADEBcQ8y8gKPJ/NAFB0XXLBfyCgrZtmKgcwx/NLoKI/ofCexQq");

    @TempDir
    Path dir;

    private BufferedImage decode(String name, byte[] bytes) throws Exception {
        return DECODER.decode(Files.write(dir.resolve(name), bytes));
    }

    @Test
    void webpLossy() throws Exception {
        BufferedImage image = decode("a.webp", WEBP_LOSSY);
        ImageDecoderTest.assertCorners(image);
    }

    @Test
    void webpLosslessWithAlpha() throws Exception {
        BufferedImage image = decode("b.webp", WEBP_LOSSLESS_ALPHA);
        assertThat(image.getType()).isEqualTo(BufferedImage.TYPE_INT_ARGB);
        assertThat(image.getRGB(3, 3)).isEqualTo(0xFF0000FF);
        assertThat(image.getRGB(10, 3) >>> 24).isZero();
        assertThat(image.getRGB(12, 12)).isEqualTo(0x80FF0000);
    }

    @Test
    void cmykJpegIsConvertedToRgb() throws Exception {
        BufferedImage image = decode("cmyk.jpg", cmykJpeg());
        assertThat(image.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        assertThat(image.getWidth()).isEqualTo(40);
        // Converted through a CMYK profile, so not the exact sRGB primaries: red on the left, green on the right.
        int left = image.getRGB(5, 5);
        int right = image.getRGB(35, 5);
        assertThat(Argb.red(left)).isGreaterThan(180);
        assertThat(Math.max(Argb.green(left), Argb.blue(left))).isLessThan(80);
        assertThat(Argb.green(right)).isGreaterThan(120);
        assertThat(Math.max(Argb.red(right), Argb.blue(right))).isLessThan(80);
    }

    @Test
    void progressiveJpeg() throws Exception {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
        byte[] bytes = write(writer, new IIOImage(ImageDecoderTest.corners(40, 24), null, null), param);
        assertThat(containsMarker(bytes, 0xC2)).as("SOF2: progressive").isTrue();
        BufferedImage image = decode("p.jpg", bytes);
        assertThat(colourDistance(image.getRGB(2, 2), 0xFFFF0000)).isLessThanOrEqualTo(40);
        assertThat(colourDistance(image.getRGB(37, 2), 0xFF00C000)).isLessThanOrEqualTo(40);
    }

    @Test
    void animatedGifGivesItsFirstFrame() throws Exception {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.prepareWriteSequence(null);
            for (int colour : new int[] {0xFFFF0000, 0xFF0000FF, 0xFF00FF00}) {
                BufferedImage frame = Argb.filled(20, 10, colour, false);
                IIOMetadata metadata = writer.getDefaultImageMetadata(
                        ImageTypeSpecifier.createFromRenderedImage(frame), null);
                writer.writeToSequence(new IIOImage(frame, null, withDelay(metadata)), null);
            }
            writer.endWriteSequence();
        }
        BufferedImage image = decode("anim.gif", bytes.toByteArray());
        assertThat(image.getWidth()).isEqualTo(20);
        assertThat(colourDistance(image.getRGB(10, 5), 0xFFFF0000)).isLessThanOrEqualTo(8);
    }

    @Test
    void sixteenBitTiff() throws Exception {
        BufferedImage rgb16 = new BufferedImage(new java.awt.image.ComponentColorModel(
                java.awt.color.ColorSpace.getInstance(java.awt.color.ColorSpace.CS_sRGB), new int[] {16, 16, 16},
                false, false, java.awt.Transparency.OPAQUE, DataBuffer.TYPE_USHORT),
                Raster.createInterleavedRaster(DataBuffer.TYPE_USHORT, 4, 2, 3, null), false, null);
        rgb16.getRaster().setPixel(1, 1, new int[] {0xFFFF, 0x8080, 0});
        // TwelveMonkeys' TIFF writer has no 16-bit support; the JDK's writes it.
        BufferedImage image = decode("16.tif", write(jdkWriter("tiff"), new IIOImage(rgb16, null, null), null));
        assertThat(image.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
        assertThat(image.getRGB(1, 1)).isEqualTo(0xFFFF8000);
    }

    /**
     * A CMYK JPEG as Photoshop writes it: four inverted channels and an Adobe APP14 segment (transform 0). The
     * JDK's writer puts out the four channels of a raster as they are; the segment is added by hand.
     */
    static byte[] cmykJpeg() throws Exception {
        WritableRaster raster = Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, 40, 24, 4, null);
        for (int y = 0; y < 24; y++) {
            for (int x = 0; x < 40; x++) {
                int[] cmyk = x < 20 ? new int[] {0, 255, 255, 0} : new int[] {255, 0, 255, 0}; // red | green
                for (int c = 0; c < 4; c++) {
                    cmyk[c] = 255 - cmyk[c];
                }
                raster.setPixel(x, y, cmyk);
            }
        }
        byte[] plain = write(jdkWriter("jpeg"), new IIOImage(raster, null, null), null);
        byte[] app14 = {(byte) 0xFF, (byte) 0xEE, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0};
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(plain, 0, 2); // SOI
        out.write(app14, 0, app14.length);
        out.write(plain, 2, plain.length - 2);
        return out.toByteArray();
    }

    private static ImageWriter jdkWriter(String format) {
        for (var it = ImageIO.getImageWritersByFormatName(format); it.hasNext(); ) {
            ImageWriter candidate = it.next();
            if (candidate.getClass().getName().startsWith("com.sun.")) {
                return candidate;
            }
        }
        throw new IllegalStateException("no JDK writer for " + format);
    }

    private static byte[] write(ImageWriter writer, IIOImage image, ImageWriteParam param) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(null, image, param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    private static IIOMetadata withDelay(IIOMetadata metadata) throws Exception {
        String format = metadata.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) metadata.getAsTree(format);
        IIOMetadataNode control = new IIOMetadataNode("GraphicControlExtension");
        control.setAttribute("disposalMethod", "none");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("delayTime", "10");
        control.setAttribute("transparentColorIndex", "0");
        root.appendChild(control);
        metadata.setFromTree(format, root);
        return metadata;
    }

    private static boolean containsMarker(byte[] jpeg, int marker) {
        for (int i = 0; i + 1 < jpeg.length; i++) {
            if ((jpeg[i] & 0xFF) == 0xFF && (jpeg[i + 1] & 0xFF) == marker) {
                return true;
            }
        }
        return false;
    }
}
