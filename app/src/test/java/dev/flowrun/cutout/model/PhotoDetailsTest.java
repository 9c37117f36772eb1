package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.imaging.ImageDecoder;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.OptionalInt;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ISNet remover in-process on real photographs: gray and 16-bit files, feather, a clean background. */
class PhotoDetailsTest {
    @TempDir
    Path dir;

    private static BufferedImage decode(Path file) throws Exception {
        return new ImageDecoder(50_000_000).decode(file);
    }

    @Test
    void aGrayPhotoAnd16BitCopyOfItAreCutOutAlike() throws Exception {
        Path gray = Photos.get(Source.SKIMAGE, "camera.png");
        BufferedImage eight = decode(gray);
        BufferedImage source = ImageIO.read(gray.toFile());
        BufferedImage wide = new BufferedImage(source.getWidth(), source.getHeight(), BufferedImage.TYPE_USHORT_GRAY);
        for (int y = 0; y < source.getHeight(); y++) {
            for (int x = 0; x < source.getWidth(); x++) {
                wide.getRaster().setSample(x, y, 0, source.getRaster().getSample(x, y, 0) * 257);
            }
        }
        Path sixteen = dir.resolve("camera-16.png");
        ImageIO.write(wide, "png", sixteen.toFile());
        CachingModelRemover remover = CachingModelRemover.oneLook();
        BufferedImage a = remover.remove(eight, OptionalInt.empty(), 1).image();
        BufferedImage b = remover.remove(decode(sixteen), OptionalInt.empty(), 1).image();
        assertThat(HandChecked.PHOTOS.stream().filter(p -> p.name().equals("camera.png")).findFirst().orElseThrow()
                .misses(b)).isEmpty();
        long differ = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                differ += Math.abs((a.getRGB(x, y) >>> 24) - (b.getRGB(x, y) >>> 24)) > 8 ? 1 : 0;
            }
        }
        assertThat((double) differ / (a.getWidth() * a.getHeight())).isLessThan(0.001);
    }

    @Test
    void featherZeroCutsHardAndMoreFeatherWidensTheSoftEdge() throws Exception {
        BufferedImage photo = decode(Photos.get(Source.OPENCV, "data/apple.jpg"));
        CachingModelRemover remover = CachingModelRemover.oneLook();
        assertThat(partial(remover.remove(photo, OptionalInt.empty(), 0).image())).isZero();
        long one = partial(remover.remove(photo, OptionalInt.empty(), 1).image());
        long eight = partial(remover.remove(photo, OptionalInt.empty(), 8).image());
        assertThat(eight).isGreaterThan(2 * one);
        // The far background is fully transparent, not a faint veil that trim would take for subject.
        BufferedImage cut = remover.remove(photo, OptionalInt.empty(), 1).image();
        for (int[] p : new int[][] {{5, 5}, {500, 70}, {10, 256}}) {
            assertThat(cut.getRGB(p[0], p[1]) >>> 24).as("alpha at " + p[0] + ", " + p[1]).isZero();
        }
    }

    private static long partial(BufferedImage cut) {
        long n = 0;
        for (int y = 0; y < cut.getHeight(); y++) {
            for (int x = 0; x < cut.getWidth(); x++) {
                int a = cut.getRGB(x, y) >>> 24;
                n += a > 0 && a < 255 ? 1 : 0;
            }
        }
        return n;
    }
}
