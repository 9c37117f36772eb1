package dev.flowrun.cutout.model;

/**
 * Bilinear interpolation of several planes of the working grid to a larger size, one output row at a time: the two
 * grid rows around it are blended, then each pixel blends two neighbours. The first {@code eager} planes are blended
 * for the whole row; the others only for the runs of grid columns the caller asks for ({@link #blendColumns}; the
 * same operations, so the same floats): most pixels of a cut-out lie away from the outline and need none of them,
 * and blending ten whole rows for the few that do was a quarter of the post-processing at 12 MP. Memory is one row
 * per plane, whatever the output size.
 */
final class PlaneRows {
    private final float[][] planes;
    private final int gw;
    private final int gh;
    private final int w;
    private final int h;
    private final int eager;
    private int a;
    private int b;
    private float fy;
    private final int[] x0;
    private final float[] fx;
    /** The current output row of every plane, at grid width (vertically blended; lazy planes where asked). */
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

    /** Makes {@link #row} hold output row {@code y} of the eager planes, and {@link #at} read row {@code y}. */
    void seek(int y) {
        double sy = clamp((y + 0.5) * gh / h - 0.5, gh - 1);
        int y0 = (int) Math.floor(sy);
        int y1 = Math.min(gh - 1, y0 + 1);
        fy = (float) (sy - y0);
        a = y0 * gw;
        b = y1 * gw;
        for (int k = 0; k < eager; k++) {
            float[] p = planes[k];
            float[] out = row[k];
            for (int x = 0; x < gw; x++) {
                out[x] = p[a + x] + fy * (p[b + x] - p[a + x]);
            }
        }
    }

    /** The grid column left of output column {@code x}: {@link #at} blends it with the next one. */
    int column(int x) {
        return x0[x];
    }

    /**
     * For each grid column, the first output column whose left grid column ({@link #column}) is it or a later one;
     * last, the output width: grid column {@code g} is the left one of output columns {@code [first[g], first[g + 1])}.
     */
    int[] firstColumns() {
        int[] first = new int[gw + 1];
        for (int g = 0, x = 0; g <= gw; g++) {
            while (x < w && x0[x] < g) {
                x++;
            }
            first[g] = x;
        }
        return first;
    }

    /**
     * Blends every lazy plane's current row at grid columns {@code [from, to]} (clipped to the grid): {@link #at} reads
     * a lazy plane only at output columns between two such columns.
     */
    void blendColumns(int from, int to) {
        int last = Math.min(gw - 1, to);
        for (int k = eager; k < planes.length; k++) {
            float[] p = planes[k];
            float[] out = row[k];
            for (int i = from; i <= last; i++) {
                out[i] = p[a + i] + fy * (p[b + i] - p[a + i]);
            }
        }
    }

    /** Plane {@code k} at output column {@code x} of the current row (a lazy one where {@link #blendColumns} was). */
    float at(int k, int x) {
        int i = x0[x];
        int j = Math.min(gw - 1, i + 1);
        float[] r = row[k];
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
