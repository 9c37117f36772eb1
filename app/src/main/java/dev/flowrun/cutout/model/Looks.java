package dev.flowrun.cutout.model;

import dev.flowrun.cutout.CutoutFailed;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;

/**
 * The model's looks at one picture, each answer brought to the working grid, with the picture on that grid (the
 * guide, made in the same pass as the first look's input): the first look at the whole picture;
 * the second, at the picture mirrored (the answer mirrored back); the third, at the subject's box (with a margin) cut
 * from the picture itself, so the model sees the subject at its full resolution. A salient-object model that is
 * right about a subject says the same of it from each side and at each scale; where its looks differ it was
 * guessing (a ghost of an ear, a kept shadow, a second object taken for the subject), which is what the confidence
 * needs to see. See {@code docs/background-removal.md}.
 */
record Looks(float[] first, FirstLook own, float[] mirrored, float[] crop, int[] box, int gw, int gh, int[] guide) {
    /** The model's answer to one input tensor. */
    @FunctionalInterface
    interface Inference {
        float[] infer(float[] tensor) throws CutoutFailed;
    }

    /** The subject's box grows by this share of its size on every side before it is cut out for the third look. */
    static final double CROP_MARGIN = 0.1;
    /** A box covering more than this share of the picture would show the model nothing new: no third look. */
    static final double CROP_AT_MOST = 0.6;

    boolean second() {
        return mirrored != null;
    }

    /** The first look only. */
    static Looks first(BufferedImage image, ModelFamily family, Inference inference) throws CutoutFailed {
        int[] grid = ModelInput.workSize(image.getWidth(), image.getHeight());
        ModelInput.Inputs inputs = ModelInput.tensorAndGuide(Pixels.readOnly(image), image.getWidth(),
                image.getHeight(), Pixels.hasAlpha(image), family, grid[0], grid[1]);
        float[] first = answer(inference.infer(inputs.tensor()), family, grid);
        return new Looks(first, FirstLook.of(first, inputs.guide(), grid[0], grid[1]), null, null, null, grid[0], grid[1],
                inputs.guide());
    }

    /** Which looks a remover takes. */
    enum Scheme {
        /** The first look only. */
        ONE,
        /** The first and, where it tells more ({@link LookConfidence#secondLookTellsMore}), the mirrored look. */
        MIRRORED,
        /**
         * The service's: as {@link #MIRRORED}, and with the mirrored look the crop look where the subject's box covers
         * at most {@link #CROP_AT_MOST} of the picture.
         */
        MIRRORED_AND_CROP
    }

    /** Adds the mirrored look and, with {@code crop} where the subject fills little of the picture, the crop look. */
    Looks withSecond(BufferedImage image, ModelFamily family, Inference inference, boolean cropLook)
            throws CutoutFailed {
        return withSecond(image, family, inference, cropLook ? CROP_AT_MOST : 0);
    }

    /** As above, the crop look where the subject's box covers at most {@code cropAtMost} of the picture. */
    Looks withSecond(BufferedImage image, ModelFamily family, Inference inference, double cropAtMost)
            throws CutoutFailed {
        int[] grid = {gw, gh};
        float[] tensor = tensor(image, family);
        mirror(tensor, family.size(), 3);
        float[] mirroredAnswer = inference.infer(tensor);
        mirror(mirroredAnswer, family.size(), 1);
        float[] m = answer(mirroredAnswer, family, grid);
        int[] b = subjectBox(first, gw, gh);
        float[] c = null;
        if (b != null && (double) b[2] * b[3] <= cropAtMost * gw * gh) {
            c = cropLook(image, family, inference, b);
        } else {
            b = null;
        }
        return new Looks(first, own, m, c, b, gw, gh, guide);
    }

    private static float[] tensor(BufferedImage image, ModelFamily family) {
        return ModelInput.tensor(Pixels.readOnly(image), image.getWidth(), image.getHeight(), Pixels.hasAlpha(image),
                family);
    }

    private static float[] answer(float[] raw, ModelFamily family, int[] grid) {
        return PlaneRows.resample(raw, family.size(), family.size(), grid[0], grid[1]);
    }

    /** The third look's answer for the grid's box {@code b} (x, y, width, height), on that box of the grid. */
    private float[] cropLook(BufferedImage image, ModelFamily family, Inference inference, int[] b)
            throws CutoutFailed {
        double sx = (double) image.getWidth() / gw;
        double sy = (double) image.getHeight() / gh;
        int x0 = (int) Math.floor(b[0] * sx);
        int y0 = (int) Math.floor(b[1] * sy);
        int x1 = Math.min(image.getWidth(), (int) Math.ceil((b[0] + b[2]) * sx));
        int y1 = Math.min(image.getHeight(), (int) Math.ceil((b[1] + b[3]) * sy));
        BufferedImage part = image.getSubimage(x0, y0, x1 - x0, y1 - y0);
        float[] raw = inference.infer(tensor(part, family));
        return PlaneRows.resample(raw, family.size(), family.size(), b[2], b[3]);
    }

    /**
     * The box (x, y, width, height) around the first look's subject (probability at least one half), grown by
     * {@link #CROP_MARGIN} of its size on each side and clipped to the grid; null when there is no subject.
     */
    static int[] subjectBox(float[] p, int w, int h) {
        int minX = w;
        int minY = h;
        int maxX = -1;
        int maxY = -1;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (p[y * w + x] >= 0.5f) {
                    minX = Math.min(minX, x);
                    maxX = Math.max(maxX, x);
                    minY = Math.min(minY, y);
                    maxY = Math.max(maxY, y);
                }
            }
        }
        if (maxX < 0) {
            return null;
        }
        int mx = (int) Math.round((maxX - minX + 1) * CROP_MARGIN);
        int my = (int) Math.round((maxY - minY + 1) * CROP_MARGIN);
        int x0 = Math.max(0, minX - mx);
        int y0 = Math.max(0, minY - my);
        int x1 = Math.min(w, maxX + 1 + mx);
        int y1 = Math.min(h, maxY + 1 + my);
        return new int[] {x0, y0, x1 - x0, y1 - y0};
    }

    /** Mirrors each of {@code planes} planes of {@code size}² values left to right, in place. */
    static void mirror(float[] planes, int size, int count) {
        for (int p = 0; p < count; p++) {
            for (int y = 0; y < size; y++) {
                int row = p * size * size + y * size;
                for (int a = row, b = row + size - 1; a < b; a++, b--) {
                    float t = planes[a];
                    planes[a] = planes[b];
                    planes[b] = t;
                }
            }
        }
    }
}
