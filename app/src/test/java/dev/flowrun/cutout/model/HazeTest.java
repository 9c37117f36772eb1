package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Where the model is unsure over a broad area, the matte invents no structure of its own: a haze of middle
 * probability in blocks (as ISNet leaves one over a volleyball's shaded half, a panda's white back) comes out
 * without holes. The probability map is constructed, on a real photograph, so no inference is needed.
 */
class HazeTest {
    private final ModelBackgroundRemover remover = new ModelBackgroundRemover(null,
            ModelBackgroundRemover.Edges.GUIDED, Looks.Scheme.ONE, tensor -> {
                throw new AssertionError("no inference here");
            });

    @Test
    void aBlockyHazeInsideTheSubjectBecomesNoHoles() throws Exception {
        BufferedImage photo = new ImageDecoder(50_000_000).decode(Photos.get(Source.SKIMAGE, "chelsea.png"));
        int w = photo.getWidth();
        int h = photo.getHeight();
        assertThat(ModelInput.workSize(w, h)).containsExactly(w, h);
        float[] haze = hazyEllipse(w, h);
        BufferedImage settled = remover.fromMask(photo, haze.clone(), 1, LookConfidence.oneLook(), true).image();
        BufferedImage asBefore = remover.fromMask(photo, haze.clone(), 1, LookConfidence.oneLook(), false).image();
        assertThat(enclosedHoles(asBefore, w, h)).as("holes with the haze decided pixel by pixel")
                .isGreaterThanOrEqualTo(3);
        assertThat(enclosedHoles(settled, w, h)).as("holes with the haze settled").isZero();
    }

    @Test
    void aHazeAlongTheOutlineTakesNoStreaksFromThePicture() throws Exception {
        // The hazy lower half's outline runs over the cat's fur: a matte that follows the picture's colours there
        // draws the fur into the alpha (the streaks of grass under a hedgehog); a settled haze's alpha is smooth.
        BufferedImage photo = new ImageDecoder(50_000_000).decode(Photos.get(Source.SKIMAGE, "chelsea.png"));
        int w = photo.getWidth();
        int h = photo.getHeight();
        float[] haze = hazyEllipse(w, h);
        BufferedImage settled = remover.fromMask(photo, haze.clone(), 1, LookConfidence.oneLook(), true).image();
        BufferedImage asBefore = remover.fromMask(photo, haze.clone(), 1, LookConfidence.oneLook(), false).image();
        double before = roughness(asBefore, w, h);
        double after = roughness(settled, w, h);
        assertThat(before).as("alpha steps in the haze decided pixel by pixel").isGreaterThan(4);
        assertThat(after).as("the same with the haze settled, before %.2f", before).isLessThan(2.5);
    }

    /**
     * The alpha's total variation over the lower (hazy) half: the sum of the steps (0..1) from every pixel to its
     * right and lower neighbours, per pixel of the picture's width. A clean outline across the picture is about 2
     * (in at one side, out at the other); holes, blocks and streaks add their own edges.
     */
    static double roughness(BufferedImage cut, int w, int h) {
        int[] px = Pixels.readOnly(cut);
        double steps = 0;
        for (int y = h / 2; y < h - 1; y++) {
            for (int x = 0; x < w - 1; x++) {
                int a = px[y * w + x] >>> 24;
                steps += Math.abs(a - (px[y * w + x + 1] >>> 24)) + Math.abs(a - (px[(y + 1) * w + x] >>> 24));
            }
        }
        return steps / 255.0 / w;
    }

    /**
     * A subject ellipse, sure (0.97) in its upper half and a haze in its lower half: 16-px blocks of 0.3 to 0.7
     * (a quarter of them low: a mean of 0.6), the model's blocky hesitation.
     */
    private static float[] hazyEllipse(int w, int h) {
        float[] p = new float[w * h];
        Random random = new Random(42);
        float[] blocks = new float[(w / 16 + 1) * (h / 16 + 1)];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = random.nextFloat() < 0.25f ? 0.3f : 0.7f;
        }
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                double dx = (x - w / 2.0) / (0.4 * w);
                double dy = (y - h / 2.0) / (0.42 * h);
                boolean inside = dx * dx + dy * dy <= 1;
                p[y * w + x] = !inside ? 0.02f : y < h / 2 ? 0.97f : blocks[(y / 16) * (w / 16 + 1) + x / 16];
            }
        }
        return p;
    }

    /** Transparent parts (alpha below one half) not connected to the picture's border: holes in the subject. */
    static int enclosedHoles(BufferedImage cut, int w, int h) {
        int[] px = Pixels.readOnly(cut);
        boolean[] clear = new boolean[px.length];
        for (int i = 0; i < px.length; i++) {
            clear[i] = (px[i] >>> 24) < 128;
        }
        int[] seen = new int[px.length];
        int[] stack = new int[px.length];
        int holes = 0;
        for (int s = 0; s < px.length; s++) {
            if (!clear[s] || seen[s] != 0) {
                continue;
            }
            boolean border = false;
            int top = 0;
            stack[top++] = s;
            seen[s] = 1;
            while (top > 0) {
                int i = stack[--top];
                int x = i % w;
                int y = i / w;
                border |= x == 0 || y == 0 || x == w - 1 || y == h - 1;
                int[] next = {x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1};
                for (int j : next) {
                    if (j >= 0 && clear[j] && seen[j] == 0) {
                        seen[j] = 1;
                        stack[top++] = j;
                    }
                }
            }
            holes += border ? 0 : 1;
        }
        return holes;
    }
}
