package dev.flowrun.cutout.classic;

import java.util.Arrays;

/**
 * The background colour as a smooth function of position, fitted to the image border: a quadratic surface
 * (1, u, v, u², v², uv over coordinates scaled to [-1, 1]) per channel. A surface rather than one colour, because
 * studio backdrops are rarely flat: a vertical or corner-to-corner gradient is fitted exactly. The fit is robust:
 * it starts from the border's median colour and refits on the pixels close to the current surface (in Lab), so an
 * object touching part of the border is ignored as long as the background makes up most of it.
 * Every pixel's distance to it is measured by {@link BackdropDistances}.
 */
final class BackgroundModel {
    private static final int MAX_SAMPLES = 4096;
    private static final int TERMS = 6;
    private static final int CHANNELS = 6; // L, a, b, R, G, B
    final int width;
    final int height;
    private final double[][] coef;
    /** A border sample within this ΔE of the fitted surface counts as explained by it. */
    private static final double EXPLAINED_DELTA_E = 10;
    private final double spread;
    private final double explained;

    private BackgroundModel(int width, int height, double[][] coef, double spread, double explained) {
        this.width = width;
        this.height = height;
        this.coef = coef;
        this.spread = spread;
        this.explained = explained;
    }

    /** Fits the model to the outermost ring of pixels; null if the whole ring is already transparent. */
    static BackgroundModel fit(int[] argb, int w, int h, boolean opaque) {
        int[] ring = ringIndices(w, h);
        int stride = Math.max(1, (ring.length + MAX_SAMPLES - 1) / MAX_SAMPLES);
        int n = 0;
        int[] picked = new int[(ring.length + stride - 1) / stride];
        for (int i = 0; i < ring.length; i += stride) {
            if (opaque || (argb[ring[i]] >>> 24) >= 128) {
                picked[n++] = ring[i];
            }
        }
        if (n == 0) {
            return null;
        }
        double[][] y = new double[CHANNELS][n];
        double[][] phi = new double[n][];
        float[] lab = new float[3];
        for (int s = 0; s < n; s++) {
            int p = argb[picked[s]];
            Lab.of(p, lab);
            y[0][s] = lab[0];
            y[1][s] = lab[1];
            y[2][s] = lab[2];
            y[3][s] = p >> 16 & 0xFF;
            y[4][s] = p >> 8 & 0xFF;
            y[5][s] = p & 0xFF;
            phi[s] = terms(coordinate(picked[s] % w, w), coordinate(picked[s] / w, h));
        }
        return robustFit(w, h, y, phi);
    }

    private static BackgroundModel robustFit(int w, int h, double[][] y, double[][] phi) {
        int n = phi.length;
        double[][] coef = new double[CHANNELS][TERMS];
        for (int c = 0; c < CHANNELS; c++) {
            coef[c][0] = median(y[c]); // start flat at the median colour
        }
        double[] residual = new double[n];
        boolean[] inlier = new boolean[n];
        double threshold = 0;
        for (int round = 0; round < 4; round++) {
            for (int s = 0; s < n; s++) {
                residual[s] = labDistance(coef, phi[s], y, s);
            }
            double typical = median(residual);
            // The first pass is generous so a gradient's ends survive the flat start.
            threshold = round == 0 ? Math.max(8, 3 * typical) : Math.max(3, 4 * typical);
            int count = 0;
            for (int s = 0; s < n; s++) {
                inlier[s] = residual[s] < threshold;
                count += inlier[s] ? 1 : 0;
            }
            if (count == 0) {
                break;
            }
            coef = LeastSquares.solve(phi, y, inlier);
        }
        double[] kept = new double[n];
        int k = 0;
        int close = 0;
        for (int s = 0; s < n; s++) {
            double r = labDistance(coef, phi[s], y, s);
            if (r < threshold) {
                kept[k++] = r;
            }
            close += r < EXPLAINED_DELTA_E ? 1 : 0;
        }
        double spread = k == 0 ? 0 : percentile(Arrays.copyOf(kept, k), 0.9);
        return new BackgroundModel(w, h, coef, spread, (double) close / n);
    }

    /** The 90th percentile of the border's colour distance to the model: how noisy the backdrop is. */
    double spread() {
        return spread;
    }

    /**
     * The share of the border within {@value #EXPLAINED_DELTA_E} ΔE of the surface: near 1 on a studio backdrop
     * (a subject touching the border takes a little), low where the border is a scene rather than a backdrop.
     */
    double explained() {
        return explained;
    }

    /** The model's RGB colour at a pixel, packed with alpha 255. */
    int rgbAt(int x, int y) {
        double u = coordinate(x, width);
        double v = coordinate(y, height);
        int rgb = 0xFF000000;
        for (int c = 3; c < 6; c++) {
            double[] k = coef[c];
            double value = k[0] + k[1] * u + k[2] * v + k[3] * u * u + k[4] * v * v + k[5] * u * v;
            rgb |= (int) Math.max(0, Math.min(255, Math.round(value))) << (8 * (5 - c));
        }
        return rgb;
    }

    /** For a fixed v, channel c (3–5: R, G, B) as c0 + c1·u + c2·u². */
    double[] rowPolynomial(int c, double v) {
        double[] k = coef[c];
        return new double[] {k[0] + k[2] * v + k[4] * v * v, k[1] + k[5] * v, k[3]};
    }

    static double eval(double[] poly, double u) {
        return poly[0] + (poly[1] + poly[2] * u) * u;
    }

    static double[] terms(double u, double v) {
        return new double[] {1, u, v, u * u, v * v, u * v};
    }

    static double coordinate(int i, int size) {
        return size <= 1 ? 0 : 2.0 * i / (size - 1) - 1;
    }

    private static double labDistance(double[][] coef, double[] phi, double[][] y, int s) {
        double sum = 0;
        for (int c = 0; c < 3; c++) {
            double model = 0;
            for (int t = 0; t < TERMS; t++) {
                model += coef[c][t] * phi[t];
            }
            double d = y[c][s] - model;
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    private static int[] ringIndices(int w, int h) {
        if (w <= 2 || h <= 2) { // every pixel is on the border
            int[] all = new int[w * h];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] ring = new int[2 * w + 2 * (h - 2)];
        int n = 0;
        for (int x = 0; x < w; x++) {
            ring[n++] = x;
            ring[n++] = (h - 1) * w + x;
        }
        for (int y = 1; y < h - 1; y++) {
            ring[n++] = y * w;
            ring[n++] = y * w + w - 1;
        }
        return ring;
    }

    private static double median(double[] values) {
        return percentile(values.clone(), 0.5);
    }

    /** Sorts {@code values} in place. */
    private static double percentile(double[] values, double q) {
        Arrays.sort(values);
        return values[(int) Math.min(values.length - 1, Math.floor(q * values.length))];
    }
}
