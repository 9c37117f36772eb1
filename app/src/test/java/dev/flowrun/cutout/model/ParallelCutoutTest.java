package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.Cutout;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.ParallelRows;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Scaler;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/**
 * The model cut-out's post-processing runs its rows in chunks on every core: its pixels and confidence must not
 * depend on the split. A real photo, a matte with a soft outline and an unsure haze, every loop in one chunk on this
 * thread against every loop in seven (an odd split, so chunks and the box means' groups of rows do not line up).
 */
class ParallelCutoutTest {
    private static final ModelBackgroundRemover REMOVER = new ModelBackgroundRemover((SegmentationModel) null);

    @Test
    void theCutoutIsTheSameWhateverTheRowsAreSplitInto() throws Exception {
        BufferedImage photo = new ImageDecoder(50_000_000).decode(Photos.get(Photos.Source.SKIMAGE, "coffee.png"));
        float[] matte = matte();
        // Larger than the working grid (the compose interpolates), with transparency, feathered by a blur and not;
        // the grid's own size, hard-edged.
        BufferedImage large = scaled(photo, 1500, 1100, true);
        BufferedImage small = scaled(photo, 700, 467, false);
        for (Object[] c : new Object[][] {{large, 1}, {large, 4}, {small, 0}}) {
            BufferedImage image = (BufferedImage) c[0];
            int feather = (Integer) c[1];
            Cutout whole = ParallelRows.inChunks(1, () -> REMOVER.fromProbability(image, matte, 1024, feather));
            Cutout split = ParallelRows.inChunks(7, () -> REMOVER.fromProbability(image, matte, 1024, feather));
            String what = image.getWidth() + "×" + image.getHeight() + ", feather " + feather;
            assertThat(Pixels.readOnly(split.image())).as(what).isEqualTo(Pixels.readOnly(whole.image()));
            assertThat(split.confidence()).as(what).isEqualTo(whole.confidence());
            assertThat(opaqueShare(whole)).as(what).isBetween(0.1, 0.6); // a subject, not an empty or full matte
        }
    }

    @Test
    void boxMeansDoNotDependOnTheSplit() {
        int w = 301;
        int h = 203;
        float[] x = new float[w * h];
        float[] y = new float[w * h];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) Math.sin(i * 0.37) * 0.5f + 0.5f;
            y[i] = (i * 7919 % 1000) / 1000f;
        }
        for (int r : new int[] {1, 4, 40, 200}) { // 200: the window wider than the picture
            float[] one = ParallelRows.inChunks(1, () -> BoxMean.ofProduct(x, y, w, h, r));
            float[] seven = ParallelRows.inChunks(7, () -> BoxMean.ofProduct(x, y, w, h, r));
            assertThat(seven).as("radius " + r).isEqualTo(one);
            float[] mean = BoxMean.of(x, w, h, r);
            assertThat(mean[150 * w + 150]).as("radius " + r).isEqualTo(naive(x, w, h, r, 150, 150), within(1e-5f));
        }
    }

    private static org.assertj.core.data.Offset<Float> within(float v) {
        return org.assertj.core.data.Offset.offset(v);
    }

    private static float naive(float[] in, int w, int h, int r, int cx, int cy) {
        double sum = 0;
        int n = 0;
        for (int y = Math.max(0, cy - r); y <= Math.min(h - 1, cy + r); y++) {
            for (int x = Math.max(0, cx - r); x <= Math.min(w - 1, cx + r); x++) {
                sum += in[y * w + x];
                n++;
            }
        }
        return (float) (sum / n);
    }

    /** The model's answer as it might be at 1024²: an ellipse with a soft outline, an unsure haze beside it. */
    static float[] matte() {
        float[] m = new float[1024 * 1024];
        for (int y = 0; y < 1024; y++) {
            for (int x = 0; x < 1024; x++) {
                double dx = (x - 500) / 300.0;
                double dy = (y - 540) / 380.0;
                double d = Math.sqrt(dx * dx + dy * dy);
                float p = (float) Math.max(0, Math.min(1, (1.05 - d) * 12));
                if (x > 820 && x < 980 && y > 100 && y < 300) {
                    p = 0.35f + 0.3f * ((x + y) % 17) / 17f;
                }
                m[y * 1024 + x] = p;
            }
        }
        return m;
    }

    static BufferedImage scaled(BufferedImage photo, int w, int h, boolean alpha) {
        BufferedImage image = Pixels.create(w, h, alpha);
        Scaler.resample(Pixels.readOnly(photo), photo.getWidth(), photo.getHeight(), Pixels.data(image), w, h, false);
        if (alpha) { // a gradient of transparency across the picture
            int[] d = Pixels.data(image);
            for (int i = 0; i < d.length; i++) {
                d[i] = (64 + i % w * 191 / w) << 24 | d[i] & 0xFFFFFF;
            }
        }
        return image;
    }

    private static double opaqueShare(Cutout cut) {
        int[] px = Pixels.readOnly(cut.image());
        long opaque = 0;
        for (int p : px) {
            if (p >>> 24 > 0) {
                opaque++;
            }
        }
        return (double) opaque / px.length;
    }
}
