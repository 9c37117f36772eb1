package dev.flowrun.imaging;

import static dev.flowrun.support.Argb.colourDistance;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExifOrientationTest {
    private static final int RED = 0xFFFF0000;
    private static final int GREEN = 0xFF00C000;

    @TempDir
    Path dir;

    /**
     * The stored image is 40×24 with red top-left and green top-right; after applying the orientation the two
     * blocks must be in these corners (TL, TR, BL, BR).
     */
    @ParameterizedTest(name = "orientation {0}, {1} byte order")
    @CsvSource({
            "1, II, 40, 24, TL, TR", "2, MM, 40, 24, TR, TL", "3, II, 40, 24, BR, BL", "4, MM, 40, 24, BL, BR",
            "5, II, 24, 40, TL, BL", "6, MM, 24, 40, TR, BR", "7, II, 24, 40, BR, TR", "8, MM, 24, 40, BL, TL",
            "6, II, 24, 40, TR, BR", "8, II, 24, 40, BL, TL"})
    void decoderTurnsJpegsUpright(int orientation, String byteOrder, int width, int height, String red,
                                  String green) throws Exception {
        byte[] jpeg = ImageDecoderTest.encode(ImageDecoderTest.corners(40, 24), "jpeg");
        byte[] withExif = withApp1(jpeg, exif(orientation, byteOrder.equals("II")));
        assertThat(ExifOrientation.read(new ByteArrayInputStream(withExif))).isEqualTo(orientation);

        BufferedImage decoded = new ImageDecoder(1_000_000).decode(Files.write(dir.resolve("o.jpg"), withExif));
        assertThat(decoded.getWidth()).isEqualTo(width);
        assertThat(decoded.getHeight()).isEqualTo(height);
        assertThat(colourDistance(corner(decoded, red), RED)).as("red corner").isLessThanOrEqualTo(40);
        assertThat(colourDistance(corner(decoded, green), GREEN)).as("green corner").isLessThanOrEqualTo(40);
    }

    @ParameterizedTest
    @CsvSource({"0", "9", "65535"})
    void outOfRangeValuesMeanNormal(int value) throws Exception {
        byte[] jpeg = ImageDecoderTest.encode(ImageDecoderTest.corners(40, 24), "jpeg");
        byte[] withExif = withApp1(jpeg, exif(value, true));
        assertThat(ExifOrientation.read(new ByteArrayInputStream(withExif))).isEqualTo(1);
        assertThat(ExifOrientation.read(new ByteArrayInputStream(jpeg))).isEqualTo(1);
        assertThat(ExifOrientation.read(new ByteArrayInputStream(new byte[] {(byte) 0xFF, (byte) 0xD8}))).isEqualTo(1);
    }

    private static int corner(BufferedImage image, String which) {
        int x = which.charAt(1) == 'L' ? 2 : image.getWidth() - 3;
        int y = which.charAt(0) == 'T' ? 2 : image.getHeight() - 3;
        return image.getRGB(x, y);
    }

    /** An APP1 payload: "Exif\0\0", a TIFF header and IFD0 with the orientation tag only. */
    static byte[] exif(int orientation, boolean littleEndian) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'E', 'x', 'i', 'f', 0, 0});
        Writer w = new Writer(out, littleEndian);
        out.writeBytes(littleEndian ? new byte[] {'I', 'I'} : new byte[] {'M', 'M'});
        w.u16(42);
        w.u32(8); // IFD0 right after the header
        w.u16(2); // entries: a dummy tag first, so the parser has to walk the IFD
        w.u16(0x010F).u16(2).u32(4).u32(0x41424300); // Make, ASCII, inline value
        w.u16(0x0112).u16(3).u32(1).u16(orientation).u16(0);
        w.u32(0); // no next IFD
        return out.toByteArray();
    }

    /** Inserts an APP1 segment right after the JFIF APP0 segment the JDK writer emits. */
    static byte[] withApp1(byte[] jpeg, byte[] payload) {
        int app0Length = (jpeg[4] & 0xFF) << 8 | (jpeg[5] & 0xFF);
        int at = 4 + app0Length;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, at);
        int length = payload.length + 2;
        out.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xE1, (byte) (length >> 8), (byte) length});
        out.writeBytes(payload);
        out.write(jpeg, at, jpeg.length - at);
        return out.toByteArray();
    }

    private record Writer(ByteArrayOutputStream out, boolean little) {
        Writer u16(int v) {
            if (little) {
                out.write(v & 0xFF);
                out.write(v >> 8 & 0xFF);
            } else {
                out.write(v >> 8 & 0xFF);
                out.write(v & 0xFF);
            }
            return this;
        }

        Writer u32(long v) {
            if (little) {
                u16((int) (v & 0xFFFF));
                u16((int) (v >> 16 & 0xFFFF));
            } else {
                u16((int) (v >> 16 & 0xFFFF));
                u16((int) (v & 0xFFFF));
            }
            return this;
        }
    }
}
