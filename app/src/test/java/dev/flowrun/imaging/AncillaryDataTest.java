package dev.flowrun.imaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.support.BadImages;
import dev.flowrun.support.Images;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What travels beside the pixels never costs more than the file's size: text and profile chunks, EXIF and XMP
 * segments are not inflated or collected; BMPs wrapping other formats and lying sizes are refused; and running out
 * of memory while decoding is reported as the Error it is, not as a bad file with an empty reason.
 */
class AncillaryDataTest {
    private static final ImageDecoder DECODER = new ImageDecoder(50_000_000L);
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"zTXt", "iTXt", "iCCP"})
    void pngChunksThatInflateToAGigabyteAreNeverInflated(String type) throws Exception {
        byte[] png = BadImages.pngWithInflatingChunks(type, 10, 100);
        assertThat(png.length).as("about 1 MB on disk").isLessThan(2 << 20);
        Path file = Files.write(dir.resolve("chunks.png"), png);
        long before = THREADS.getCurrentThreadAllocatedBytes();

        BufferedImage image = DECODER.decode(file);

        assertThat(image.getWidth()).isEqualTo(64);
        // Inflated, the chunks are 1000 MiB (the JDK's reader used to hold each whole, and copies of it).
        assertThat(THREADS.getCurrentThreadAllocatedBytes() - before).as("bytes allocated").isLessThan(32L << 20);
    }

    @Test
    void jpegSegmentsCostAtMostTwiceTheFile() throws Exception {
        byte[] jpeg = Images.jpegDisc();
        var file = new ByteArrayOutputStream();
        file.write(jpeg, 0, 2);
        byte[] id = "http://ns.adobe.com/xap/1.0/\0".getBytes(StandardCharsets.ISO_8859_1);
        byte[] exif = "Exif\0\0MM\0*\0\0\0\u0008".getBytes(StandardCharsets.ISO_8859_1); // an IFD with no entries
        for (int i = 0; i < 300; i++) {
            byte[] body = new byte[65533];
            byte[] head = i % 2 == 0 ? id : exif;
            System.arraycopy(head, 0, body, 0, head.length);
            file.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xE1, (byte) 0xFF, (byte) 0xFF});
            file.writeBytes(body);
        }
        file.write(jpeg, 2, jpeg.length - 2);
        Path path = Files.write(dir.resolve("segments.jpg"), file.toByteArray());
        long before = THREADS.getCurrentThreadAllocatedBytes();

        assertThat(DECODER.decode(path).getWidth()).isEqualTo(160);

        assertThat(THREADS.getCurrentThreadAllocatedBytes() - before).as("bytes allocated for a 19 MB file")
                .isLessThan(2L * Files.size(path) + (8 << 20));
    }

    @Test
    void aBmpWrappingJpegOrPngDataIsRefused() throws Exception {
        for (int compression : new int[] {4, 5}) {
            Path file = Files.write(dir.resolve("wrapped-" + compression + ".bmp"), bmpHeader(16, 16, compression));
            assertThatThrownBy(() -> DECODER.decode(file)).isInstanceOfSatisfying(ImageRejected.class, e -> {
                assertThat(e.code()).isEqualTo(ImageRejected.UNSUPPORTED_MEDIA);
                assertThat(e.getMessage()).contains("wrap JPEG or PNG");
            });
        }
    }

    @Test
    void aBmpHeightOfMinusTwoToTheThirtyOneIsTooLargeNotNegative() throws Exception {
        Path file = Files.write(dir.resolve("tall.bmp"), bmpHeader(1, Integer.MIN_VALUE, 0));
        assertThatThrownBy(() -> DECODER.decode(file)).isInstanceOfSatisfying(ImageRejected.class, e -> {
            assertThat(e.code()).isEqualTo(ImageRejected.IMAGE_TOO_LARGE);
            assertThat(e.getMessage()).contains("1×2147483648");
        });
    }

    @Test
    void runningOutOfMemoryWhileDecodingIsTheErrorNotAnUnsupportedFile() throws Exception {
        // 4000×4000 needs a 48 MB raster: in a JVM of 32 MB the PNG reader runs out of memory and wraps the
        // Error in "Caught exception during read: ", which used to come out as unsupported_media, reason empty.
        Path png = dir.resolve("big.png");
        Files.write(png, Images.encode(new BufferedImage(4000, 4000, BufferedImage.TYPE_INT_RGB), "png"));
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m", "-cp", System.getProperty("java.class.path"), DecodeOnce.class.getName(), png.toString())
                .redirectErrorStream(true).start();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the child JVM ends").isTrue();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(output).as(output).contains("thrown: java.lang.OutOfMemoryError").doesNotContain("ImageRejected");
    }

    /** A 14-byte file header and a 40-byte Windows DIB header of 24 bits, and nothing else. */
    private static byte[] bmpHeader(int width, int height, int compression) {
        ByteBuffer b = ByteBuffer.allocate(54 + 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 'B').put((byte) 'M').putInt(b.capacity()).putInt(0).putInt(54);
        b.putInt(40).putInt(width).putInt(height).putShort((short) 1).putShort((short) 24).putInt(compression)
                .putInt(64).putInt(2835).putInt(2835).putInt(0).putInt(0);
        return b.array();
    }

    /** Decodes the file named by its argument and prints what came out, for a JVM started with a small heap. */
    public static final class DecodeOnce {
        public static void main(String[] args) {
            try {
                BufferedImage image = DECODER.decode(Path.of(args[0]));
                System.out.println("decoded " + image.getWidth());
            } catch (Throwable e) {
                System.out.println("thrown: " + e);
            }
        }
    }
}
