package dev.flowrun.cutout.model;

/**
 * Bilinear interpolation of several planes of the working grid to a larger size, one output row at a time: the
 * two grid rows around it are blended once per row, then each pixel blends two neighbours. Memory is one row per
 * plane, whatever the output size. The first {@code eager} planes are blended for every row; the others only for a
 * row that asks for them ({@link #load}): most rows of a cut-out lie away from the outline and need none of them.
 */
final class PlaneRows {
    private final float[][] planes;
    private final int gw;
    private final int gh;
    private final int w;
    private final int h;
    private final int eager;
    private int y0;
    private int y1;
    private float fy;
    private boolean loaded;
    private final int[] x0;
    private final float[] fx;
    /** The current output row of every plane, at grid width (vertically blended). */
    final float[][] row;

    PlaneRows(float[][] planes, int gw, int gh, int w, int h) {
        this(planes, planes.length, gw, gh, w, h);
    }

    PlaneRows(float[][] planes, int eager, int gw, int gh, int w, int h) {
        this.planes = planes;
        this.eager = eager;
        this.gw = gw;
        this.gh = gh;
        this.w = w;
        this.h = h;
        this.x0 = new int[w];
        this.fx = new float[w];
        for (int x = 0; x < w; x++) {
            double sx = clamp((x + 0.5) * gw / w - 0.5, gw - 1);
            x0[x] = (int) Math.floor(sx);
            fx[x] = (float) (sx - x0[x]);
        }
        this.row = new float[planes.length][gw];
    }

    /** Makes {@link #row} hold output row {@code y} of the eager planes. */
    void seek(int y) {
        double sy = clamp((y + 0.5) * gh / h - 0.5, gh - 1);
        y0 = (int) Math.floor(sy);
        y1 = Math.min(gh - 1, y0 + 1);
        fy = (float) (sy - y0);
        blend(0, eager);
        loaded = eager == planes.length;
    }

    /** Makes {@link #row} hold the current output row of the other planes too. */
    void load() {
        if (!loaded) {
            blend(eager, planes.length);
            loaded = true;
        }
    }

    private void blend(int fromPlane, int toPlane) {
        for (int k = fromPlane; k < toPlane; k++) {
            float[] p = planes[k];
            float[] out = row[k];
            int a = y0 * gw;
            int b = y1 * gw;
            for (int x = 0; x < gw; x++) {
                out[x] = p[a + x] + fy * (p[b + x] - p[a + x]);
            }
        }
    }

    /** Plane {@code k} at output column {@code x} of the current row. */
    float at(int k, int x) {
        float[] r = row[k];
        int i = x0[x];
        int j = Math.min(gw - 1, i + 1);
        return r[i] + fx[x] * (r[j] - r[i]);
    }

    private static double clamp(double v, int max) {
        return Math.max(0, Math.min(max, v));
    }

    /** A whole plane resampled to {@code w}×{@code h} (for the small mask → working grid step). */
    static float[] resample(float[] plane, int pw, int ph, int w, int h) {
        PlaneRows rows = new PlaneRows(new float[][] {plane}, pw, ph, w, h);
        float[] out = new float[w * h];
        for (int y = 0; y < h; y++) {
            rows.seek(y);
            for (int x = 0; x < w; x++) {
                out[y * w + x] = rows.at(0, x);
            }
        }
        return out;
    }
}
