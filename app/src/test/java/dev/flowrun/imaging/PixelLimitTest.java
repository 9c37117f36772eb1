package dev.flowrun.imaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.support.Argb;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A tiny file of every supported format claiming 20000×20000 pixels (1.6 GB as ARGB; WebP 16000×16000, its most) is
 * refused as {@code image_too_large} from its header: quickly, and without allocating anything like the image.
 */
class PixelLimitTest {
    private static final int SIDE = 20000;
    /** WebP's canvas is at most 16383 px a side: libwebp refuses a header claiming more as corrupt. */
    private static final int WEBP_SIDE = 16000;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"png", "jpeg", "gif", "bmp", "tiff", "webp"})
    void tinyFileClaimingTwentyThousandSquaredIsRefusedBeforeDecoding(String format) throws Exception {
        byte[] bytes = claiming(format);
        assertThat(bytes.length).isLessThan(2000);
        Path file = Files.write(dir.resolve("bomb." + format), bytes);
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> new ImageDecoder(50_000_000L).decode(file))
                .isInstanceOfSatisfying(ImageRejected.class, e -> {
                    assertThat(e.code()).isEqualTo(ImageRejected.IMAGE_TOO_LARGE);
                    int side = format.equals("webp") ? WEBP_SIDE : SIDE;
                    assertThat(e.getMessage()).contains(side + "×" + side);
                });
        assertThat(threads.getCurrentThreadAllocatedBytes() - allocatedBefore).as("bytes allocated")
                .isLessThan(64L << 20);
    }

    private static byte[] claiming(String format) throws Exception {
        return switch (format) {
            case "png" -> ImageDecoderTest.pngHeaderOnly(SIDE, SIDE);
            case "jpeg" -> patchJpegSize(ImageDecoderTest.encode(Argb.filled(8, 8, 0xFF336699, false), "jpeg"));
            case "bmp" -> {
                byte[] bmp = ImageDecoderTest.encode(Argb.filled(8, 8, 0xFF336699, false), "bmp");
                ByteBuffer.wrap(bmp).order(ByteOrder.LITTLE_ENDIAN).putInt(18, SIDE).putInt(22, SIDE);
                yield bmp;
            }
            case "gif" -> gif();
            case "tiff" -> tiff();
            case "webp" -> webp();
            default -> throw new IllegalArgumentException(format);
        };
    }

    /** Rewrites the frame header (SOF0): height and width follow its length and precision bytes. */
    private static byte[] patchJpegSize(byte[] jpeg) {
        for (int i = 2; i + 9 < jpeg.length; i++) {
            if ((jpeg[i] & 0xFF) == 0xFF && (jpeg[i + 1] & 0xFF) == 0xC0) {
                ByteBuffer.wrap(jpeg).putShort(i + 5, (short) SIDE).putShort(i + 7, (short) SIDE);
                return jpeg;
            }
        }
        throw new IllegalStateException("no SOF0");
    }

    /** GIF89a, a two-colour table and one image descriptor of 20000×20000 with a token of data. */
    private static byte[] gif() {
        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        b.put("GIF89a".getBytes(StandardCharsets.US_ASCII)).putShort((short) SIDE).putShort((short) SIDE)
                .put((byte) 0x80).put((byte) 0).put((byte) 0).put(new byte[] {0, 0, 0, -1, -1, -1});
        b.put((byte) 0x2C).putShort((short) 0).putShort((short) 0).putShort((short) SIDE).putShort((short) SIDE)
                .put((byte) 0).put((byte) 2).put((byte) 2).put((byte) 0x4C).put((byte) 0x01).put((byte) 0)
                .put((byte) 0x3B);
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    /** Little-endian TIFF, one IFD: 20000×20000 8-bit gray in one uncompressed strip that is not there. */
    private static byte[] tiff() {
        short[][] tags = { // tag, type (3 SHORT, 4 LONG), value
                {256, 4, 0}, {257, 4, 0}, {258, 3, 8}, {259, 3, 1}, {262, 3, 1}, {273, 4, 0}, {277, 3, 1},
                {278, 4, 0}, {279, 4, 0}};
        ByteBuffer b = ByteBuffer.allocate(8 + 2 + tags.length * 12 + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 'I').put((byte) 'I').putShort((short) 42).putInt(8).putShort((short) tags.length);
        for (short[] t : tags) {
            int value = switch (t[0]) {
                case 256, 257, 278 -> SIDE;
                case 273 -> 8; // strip offset: nonsense, never read
                case 279 -> SIDE * SIDE;
                default -> t[2];
            };
            b.putShort(t[0]).putShort(t[1]).putInt(1);
            if (t[1] == 3) {
                b.putShort((short) value).putShort((short) 0);
            } else {
                b.putInt(value);
            }
        }
        return b.putInt(0).array();
    }

    /** An extended WebP (VP8X) header whose canvas is 20000×20000, followed by a small real image chunk. */
    /** The lossless sample with its VP8L header's width and height (14 bits each, less one) made 16000. */
    private static byte[] webp() {
        byte[] webp = ImageFormatsTest.WEBP_LOSSLESS_ALPHA.clone();
        int at = 21; // RIFF, size, WEBP, VP8L, size (20 bytes), then the 0x2F signature
        assertThat(webp[20]).isEqualTo((byte) 0x2F);
        int bits = ByteBuffer.wrap(webp, at, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        bits = (bits & ~0x0FFFFFFF) | (WEBP_SIDE - 1) | (WEBP_SIDE - 1) << 14;
        ByteBuffer.wrap(webp, at, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(bits);
        return webp;
    }
}
