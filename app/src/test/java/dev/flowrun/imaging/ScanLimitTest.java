package dev.flowrun.imaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.support.Images;
import dev.flowrun.support.JpegScanBomb;
import dev.flowrun.support.JpegTiff;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Progressive JPEGs are refused past {@value JpegScans#LIMIT} scans, counted from the markers before anything is
 * decoded, whether the JPEG is the file or a strip of a TIFF; ordinary files are untouched.
 */
class ScanLimitTest {
    private static final ImageDecoder DECODER = new ImageDecoder(50_000_000L);

    @TempDir
    Path dir;

    @Test
    void aTenThousandScanBombIsRefusedFromItsMarkersAlone() throws Exception {
        byte[] bomb = JpegScanBomb.of(7000, 7000, 10_000);
        assertThat(bomb.length).as("a small file").isLessThan(1 << 20);
        Path file = Files.write(dir.resolve("bomb.jpg"), bomb);
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();

        assertThatThrownBy(() -> DECODER.decode(file)).isInstanceOfSatisfying(ImageRejected.class, e -> {
            assertThat(e.code()).isEqualTo(ImageRejected.UNSUPPORTED_MEDIA);
            assertThat(e.getMessage()).contains("more than 100 scans");
        });
        // Decoding even one scan would allocate the 49 MP raster (147 MB) and the coefficients behind it.
        assertThat(threads.getCurrentThreadAllocatedBytes() - before).as("bytes allocated").isLessThan(16L << 20);
    }

    @Test
    void aHundredScansDecodeAndAHundredAndOneAreRefused() throws Exception {
        BufferedImage image = DECODER.decode(Files.write(dir.resolve("100.jpg"), JpegScanBomb.of(64, 48, 100)));
        assertThat(image.getWidth()).isEqualTo(64);
        assertThat(image.getHeight()).isEqualTo(48);

        Path over = Files.write(dir.resolve("101.jpg"), JpegScanBomb.of(64, 48, 101));
        assertThatThrownBy(() -> DECODER.decode(over)).isInstanceOfSatisfying(ImageRejected.class,
                e -> assertThat(e.code()).isEqualTo(ImageRejected.UNSUPPORTED_MEDIA));
    }

    @Test
    void markerBytesInsideACommentOrThumbnailAreNotCountedAsScans() throws Exception {
        byte[] jpeg = Images.jpegDisc();
        // 200 "start of scan" markers as text in a COM segment, which the walk skips by its length.
        var comment = new ByteArrayOutputStream();
        for (int i = 0; i < 200; i++) {
            comment.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xDA, 0, 8});
        }
        var file = new ByteArrayOutputStream();
        file.write(jpeg, 0, 2);
        file.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xFE, (byte) ((comment.size() + 2) >> 8), (byte) (comment.size() + 2)});
        file.writeBytes(comment.toByteArray());
        file.write(jpeg, 2, jpeg.length - 2);

        BufferedImage image = DECODER.decode(Files.write(dir.resolve("commented.jpg"), file.toByteArray()));
        assertThat(image.getWidth()).isEqualTo(160);
    }

    @Test
    void aTiffStripThatIsAScanBombIsRefusedToo() throws Exception {
        Path fine = Files.write(dir.resolve("fine.tif"), JpegTiff.wrapping(JpegScanBomb.of(64, 48, 5), 64, 48));
        assertThat(DECODER.decode(fine).getWidth()).as("a JPEG-compressed TIFF of 5 scans").isEqualTo(64);

        Path bomb = Files.write(dir.resolve("bomb.tif"), JpegTiff.wrapping(JpegScanBomb.of(4000, 4000, 10_000), 4000, 4000));
        assertThatThrownBy(() -> DECODER.decode(bomb)).isInstanceOfSatisfying(ImageRejected.class, e -> {
            assertThat(e.code()).isEqualTo(ImageRejected.UNSUPPORTED_MEDIA);
            assertThat(e.getMessage()).contains("TIFF").contains("more than 100 scans");
        });
    }

    @Test
    void ordinaryBaselineAndProgressiveFilesAreCountedLow() throws Exception {
        Path baseline = Files.write(dir.resolve("baseline.jpg"),
                Images.encode(Images.disc(300, 200, Color.WHITE, Color.RED), "jpg"));
        assertThat(JpegScans.inFile(baseline, JpegScans.LIMIT)).isEqualTo(1);
        assertThat(JpegScans.inFile(Files.write(dir.resolve("ten.jpg"), JpegScanBomb.of(300, 200, 10)), JpegScans.LIMIT))
                .isEqualTo(10);
    }
}
