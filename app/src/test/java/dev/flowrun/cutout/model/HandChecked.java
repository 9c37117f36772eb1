package dev.flowrun.cutout.model;

import dev.flowrun.cutout.model.Photos.Source;
import java.util.List;

/**
 * Real photographs with points checked by hand (looked at on a 10×10 grid): where the subject certainly is and
 * where the background certainly is, as fractions of width and height. A good cut-out is opaque at the first and
 * transparent at the second. The same list feeds the tests and the quality benchmark.
 */
public record HandChecked(Source source, String name, double[][] subject, double[][] background) {

    public static final List<HandChecked> PHOTOS = List.of(
            new HandChecked(Source.SKIMAGE, "coffee.png", // cup and saucer on a wooden table
                    new double[][] {{0.48, 0.37}, {0.2, 0.58}, {0.61, 0.72}},
                    new double[][] {{0.93, 0.1}, {0.05, 0.92}, {0.95, 0.75}}),
            new HandChecked(Source.SKIMAGE, "astronaut.png", // a person before a flag and a shuttle model
                    new double[][] {{0.44, 0.25}, {0.2, 0.78}, {0.64, 0.64}},
                    new double[][] {{0.62, 0.12}, {0.94, 0.04}, {0.06, 0.5}}),
            new HandChecked(Source.SKIMAGE, "camera.png", // gray: a man with a camera on a lawn
                    new double[][] {{0.2, 0.6}, {0.38, 0.22}},
                    new double[][] {{0.6, 0.08}, {0.92, 0.7}}),
            new HandChecked(Source.SKIMAGE, "motorcycle_left.png", // a motorcycle in a garage
                    new double[][] {{0.33, 0.45}, {0.52, 0.66}},
                    new double[][] {{0.8, 0.1}, {0.1, 0.93}, {0.35, 0.1}}),
            new HandChecked(Source.SKIMAGE, "chelsea.png", // a cat's face, close up
                    new double[][] {{0.5, 0.5}, {0.35, 0.6}},
                    new double[][] {{0.95, 0.15}, {0.96, 0.4}}),
            new HandChecked(Source.MATPLOTLIB, "grace_hopper.jpg", // a portrait before a flag
                    new double[][] {{0.5, 0.35}, {0.45, 0.75}},
                    new double[][] {{0.95, 0.1}, {0.05, 0.3}}),
            new HandChecked(Source.OPENCV, "data/squirrel_cls.jpg", // a squirrel on a branch among leaves
                    new double[][] {{0.45, 0.5}, {0.55, 0.33}},
                    new double[][] {{0.1, 0.2}, {0.9, 0.15}, {0.12, 0.85}}),
            new HandChecked(Source.OPENCV, "data/apple.jpg", // an apple on a table
                    new double[][] {{0.5, 0.5}, {0.3, 0.7}},
                    new double[][] {{0.05, 0.1}, {0.97, 0.15}, {0.03, 0.5}}),
            new HandChecked(Source.OPENCV, "data/butterfly.jpg", // a butterfly on a leaf
                    new double[][] {{0.45, 0.5}, {0.75, 0.5}},
                    new double[][] {{0.05, 0.95}, {0.93, 0.9}, {0.05, 0.1}}),
            new HandChecked(Source.OPENCV, "data/messi5.jpg", // a footballer before a crowd
                    new double[][] {{0.45, 0.45}, {0.5, 0.7}},
                    new double[][] {{0.1, 0.15}, {0.85, 0.3}, {0.15, 0.92}}));

    /** Alpha at a point: at least this counts as opaque, at most {@link #CLEAR} as transparent. */
    public static final int OPAQUE = 200;
    public static final int CLEAR = 40;

    public String fileName() {
        return name.substring(name.lastIndexOf('/') + 1);
    }

    /** The points whose alpha is not as expected, described, for one cut-out of this photo; empty when all are. */
    public List<String> misses(java.awt.image.BufferedImage cut) {
        List<String> misses = new java.util.ArrayList<>();
        check(cut, subject, true, misses);
        check(cut, background, false, misses);
        return misses;
    }

    private void check(java.awt.image.BufferedImage cut, double[][] points, boolean opaque, List<String> misses) {
        for (double[] p : points) {
            int x = (int) (p[0] * (cut.getWidth() - 1));
            int y = (int) (p[1] * (cut.getHeight() - 1));
            int alpha = cut.getRGB(x, y) >>> 24;
            if (opaque ? alpha < OPAQUE : alpha > CLEAR) {
                misses.add(name + " at (" + p[0] + ", " + p[1] + "): alpha " + alpha + ", expected "
                        + (opaque ? "subject (≥ " + OPAQUE + ")" : "background (≤ " + CLEAR + ")"));
            }
        }
    }
}
