package dev.flowrun.cutout.model;

/**
 * Local subject and backdrop colours around every pixel of the working grid, for cleaning the old backdrop out of
 * edge colours: the "blur-fusion" estimate of Forte and Pitié ("Approximate Fast Foreground Colour Estimation",
 * 2021). The subject colour near a pixel is the alpha-weighted mean of the colours around it, refined once by the
 * compositing equation I = αF + (1 − α)B, then averaged again over a small window; the backdrop colour likewise
 * with 1 − α. Both are smooth, so the working grid is fine enough; the full-size pass interpolates them and feeds
 * them, as the subject and backdrop references, to the classic algorithm's own decontamination formula.
 */
final class ColourEstimate {
    /** Planes: subject red, green, blue, then backdrop red, green, blue; 0..255. */
    final float[][] planes;

    private ColourEstimate(float[][] planes) {
        this.planes = planes;
    }

    static ColourEstimate of(int[] guide, float[] alpha, int w, int h) {
        int n = w * h;
        int longSide = Math.max(w, h);
        int wide = Math.max(1, longSide / 24); // the paper's 90 px on its ~2000 px images
        int narrow = Math.max(1, longSide / 340); // and its 6 px
        float[][] image = new float[3][n];
        for (int i = 0; i < n; i++) {
            image[0][i] = guide[i] >> 16 & 0xFF;
            image[1][i] = guide[i] >> 8 & 0xFF;
            image[2][i] = guide[i] & 0xFF;
        }
        float[] inverse = new float[n];
        for (int i = 0; i < n; i++) {
            inverse[i] = 1 - alpha[i];
        }
        float[] meanAlpha = BoxMean.of(alpha, w, h, wide);
        float[] meanInverse = BoxMean.of(inverse, w, h, wide);
        float[] meanAlphaNarrow = BoxMean.of(alpha, w, h, narrow);
        float[] meanInverseNarrow = BoxMean.of(inverse, w, h, narrow);
        float[][] planes = new float[6][];
        for (int c = 0; c < 3; c++) {
            float[] f = weightedMean(image[c], alpha, meanAlpha, w, h, wide);
            float[] b = weightedMean(image[c], inverse, meanInverse, w, h, wide);
            for (int i = 0; i < n; i++) {
                float a = alpha[i];
                float refined = f[i] + a * (image[c][i] - a * f[i] - (1 - a) * b[i]);
                f[i] = Math.max(0, Math.min(255, refined));
            }
            planes[c] = weightedMean(f, alpha, meanAlphaNarrow, w, h, narrow);
            planes[3 + c] = weightedMean(b, inverse, meanInverseNarrow, w, h, narrow);
        }
        return new ColourEstimate(planes);
    }

    /** box(v · weight) / box(weight), with {@code meanWeight} = box(weight) already known. */
    private static float[] weightedMean(float[] v, float[] weight, float[] meanWeight, int w, int h, int r) {
        float[] product = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            product[i] = v[i] * weight[i];
        }
        float[] mean = BoxMean.of(product, w, h, r);
        for (int i = 0; i < mean.length; i++) {
            mean[i] = mean[i] / (meanWeight[i] + 1e-5f);
        }
        return mean;
    }
}
