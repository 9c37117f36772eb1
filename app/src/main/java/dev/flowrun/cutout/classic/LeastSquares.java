package dev.flowrun.cutout.classic;

/** Weighted-subset linear least squares through the normal equations; small systems only (a few terms). */
final class LeastSquares {
    /** Keeps terms that the samples cannot determine (e.g. v on a 1-pixel-high image) at zero. */
    private static final double RIDGE = 1e-6;

    private LeastSquares() {
    }

    /**
     * For each channel c, the coefficients k minimising Σ (y[c][s] − k·phi[s])² over the samples with
     * {@code use[s]}. The first term is taken to be the constant 1 and is not damped.
     */
    static double[][] solve(double[][] phi, double[][] y, boolean[] use) {
        int terms = phi[0].length;
        int channels = y.length;
        double[][] a = new double[terms][terms];
        double[][] b = new double[channels][terms];
        int count = 0;
        for (int s = 0; s < phi.length; s++) {
            if (!use[s]) {
                continue;
            }
            count++;
            double[] p = phi[s];
            for (int i = 0; i < terms; i++) {
                for (int j = 0; j < terms; j++) {
                    a[i][j] += p[i] * p[j];
                }
                for (int c = 0; c < channels; c++) {
                    b[c][i] += p[i] * y[c][s];
                }
            }
        }
        for (int i = 1; i < terms; i++) {
            a[i][i] += RIDGE * Math.max(1, count);
        }
        double[][] coef = new double[channels][];
        for (int c = 0; c < channels; c++) {
            coef[c] = gauss(copy(a), b[c].clone());
        }
        return coef;
    }

    /** Gaussian elimination with partial pivoting; a and b are consumed. */
    private static double[] gauss(double[][] a, double[] b) {
        int n = b.length;
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            double[] rowSwap = a[col];
            a[col] = a[pivot];
            a[pivot] = rowSwap;
            double bSwap = b[col];
            b[col] = b[pivot];
            b[pivot] = bSwap;
            if (Math.abs(a[col][col]) < 1e-12) {
                continue; // undetermined term: leave it at zero
            }
            for (int r = col + 1; r < n; r++) {
                double f = a[r][col] / a[col][col];
                for (int k = col; k < n; k++) {
                    a[r][k] -= f * a[col][k];
                }
                b[r] -= f * b[col];
            }
        }
        double[] x = new double[n];
        for (int r = n - 1; r >= 0; r--) {
            if (Math.abs(a[r][r]) < 1e-12) {
                continue;
            }
            double sum = b[r];
            for (int k = r + 1; k < n; k++) {
                sum -= a[r][k] * x[k];
            }
            x[r] = sum / a[r][r];
        }
        return x;
    }

    private static double[][] copy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }
}
