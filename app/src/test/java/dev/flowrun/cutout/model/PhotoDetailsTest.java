package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.nodes.ImageDecoder;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.OptionalInt;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ISNet remover in-process on real photographs: a hand-drawn trimap, gray and 16-bit files, feather. */
class PhotoDetailsTest {
    @TempDir
    Path dir;

    private static BufferedImage decode(Path file) throws Exception {
        return new ImageDecoder(50_000_000).decode(file);
    }

    @Test
    void theCutOutAgreesWithTheHandDrawnTrimapOfOpenCvsMattingExample() throws Exception {
        // OpenCV's alpha matting example ships a photo of a potted plant and a trimap drawn for it: 255 where the
        // plant certainly is, 0 where the background certainly is, gray in between.
        BufferedImage photo = decode(Photos.get(Source.OPENCV, "alphamat/input_images/plant.jpg"));
        BufferedImage trimap = ImageIO.read(Photos.get(Source.OPENCV, "alphamat/trimaps/plant.png").toFile());
        BufferedImage cut = new ModelBackgroundRemover(TestModel.loaded()).remove(photo, OptionalInt.empty(), 1);
        long fg = 0;
        long fgOpaque = 0;
        long bg = 0;
        long bgClear = 0;
        for (int y = 0; y < photo.getHeight(); y++) {
            for (int x = 0; x < photo.getWidth(); x++) {
                int t = trimap.getRaster().getSample(x, y, 0);
                int alpha = cut.getRGB(x, y) >>> 24;
                if (t == 255) {
                    fg++;
                    fgOpaque += alpha > 127 ? 1 : 0;
                } else if (t == 0) {
                    bg++;
                    bgClear += alpha <= 127 ? 1 : 0;
                }
            }
        }
        assertThat((double) fgOpaque / fg).as("share of the certain plant kept").isGreaterThan(0.95);
        assertThat((double) bgClear / bg).as("share of the certain background removed").isGreaterThan(0.95);
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
        ModelBackgroundRemover remover = new ModelBackgroundRemover(TestModel.loaded());
        BufferedImage a = remover.remove(eight, OptionalInt.empty(), 1);
        BufferedImage b = remover.remove(decode(sixteen), OptionalInt.empty(), 1);
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
        ModelBackgroundRemover remover = new ModelBackgroundRemover(TestModel.loaded());
        assertThat(partial(remover.remove(photo, OptionalInt.empty(), 0))).isZero();
        long one = partial(remover.remove(photo, OptionalInt.empty(), 1));
        long eight = partial(remover.remove(photo, OptionalInt.empty(), 8));
        assertThat(eight).isGreaterThan(2 * one);
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
