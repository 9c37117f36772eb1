package dev.flowrun.cutout.classic;

import dev.flowrun.imaging.Pixels;
import dev.flowrun.work.WorkBudget;

/**
 * Every pixel's colour distance to the {@link BackgroundModel}: CIE76 ΔE, linearised around the backdrop. Lab's
 * Jacobian at the model colour (one per {@value #CELL}-pixel cell) maps an RGB difference to a Lab one. That is
 * exact for small differences, which are the ones that decide (a pixel 80 ΔE away is foreground whatever the
 * exact figure), and four times cheaper than converting every pixel to Lab.
 */
final class BackdropDistances {
    private static final int CELL = 32;
    /** Distances are stored as ΔE × this, in a byte. */
    static final int DISTANCE_SCALE = 4;
    private static final float SATURATED2 = (255f / DISTANCE_SCALE) * (255f / DISTANCE_SCALE);
    /** Stored distance by squared ΔE in quarter steps: a table lookup instead of a square root per pixel. */
    private static final byte[] DISTANCE_OF_SQUARE = new byte[(int) (SATURATED2 * 4) + 1];

    static {
        for (int k = 0; k < DISTANCE_OF_SQUARE.length; k++) {
            DISTANCE_OF_SQUARE[k] = (byte) Math.min(255, Math.round(Math.sqrt(k / 4.0) * DISTANCE_SCALE));
        }
    }

    private BackdropDistances() {
    }

    /**
     * Per pixel, the ΔE between its colour and the model there, times {@value #DISTANCE_SCALE} and rounded,
     * saturating at 255 (ΔE 63.75: anything that far is plainly not backdrop); 0 for pixels already (nearly)
     * transparent. A byte rather than a float: a quarter of the memory (50 MB instead of 200 at 50 megapixels)
     * and of the memory traffic of every pass that reads it. {@code opaque}: the image has no alpha channel, so the
     * top byte of each pixel means nothing.
     */
    static byte[] of(BackgroundModel model, int[] argb, boolean opaque) {
        int width = model.width;
        int height = model.height;
        byte[] out = new byte[width * height];
        float[][] jacobians = jacobians(model);
        int cellsAcross = (width + CELL - 1) / CELL;
        for (int y = 0; y < height; y++) {
            WorkBudget.check();
            double v = BackgroundModel.coordinate(y, height);
            double[][] row = {model.rowPolynomial(3, v), model.rowPolynomial(4, v), model.rowPolynomial(5, v)};
            for (int cell = 0; cell < cellsAcross; cell++) {
                // The model colour is taken at the cell's centre: a backdrop gradient moves it by about a level
                // across a cell, a fraction of a ΔE.
                int x0 = cell * CELL;
                int x1 = Math.min(width, x0 + CELL);
                double u = BackgroundModel.coordinate((x0 + x1 - 1) / 2, width);
                float[] j = jacobians[(y / CELL) * cellsAcross + cell];
                cellRow(argb, opaque, y * width + x0, y * width + x1, j,
                        (float) BackgroundModel.eval(row[0], u), (float) BackgroundModel.eval(row[1], u),
                        (float) BackgroundModel.eval(row[2], u), out);
            }
        }
        return out;
    }

    /** Distances of the pixels [from, to) of one row inside one cell, with its Jacobian and model colour. */
    private static void cellRow(int[] argb, boolean opaque, int from, int to, float[] j, float mr, float mg,
                                float mb, byte[] out) {
        float j0 = j[0], j1 = j[1], j2 = j[2], j3 = j[3], j4 = j[4], j5 = j[5], j6 = j[6], j7 = j[7], j8 = j[8];
        for (int i = from; i < to; i++) {
            int p = argb[i];
            if (opaque || (p >>> 24) > Pixels.EMPTY_ALPHA) {
                float er = (p >> 16 & 0xFF) - mr;
                float eg = (p >> 8 & 0xFF) - mg;
                float eb = (p & 0xFF) - mb;
                float l = j0 * er + j1 * eg + j2 * eb;
                float a = j3 * er + j4 * eg + j5 * eb;
                float b = j6 * er + j7 * eg + j8 * eb;
                float d2 = l * l + a * a + b * b;
                out[i] = d2 >= SATURATED2 ? (byte) 255 : DISTANCE_OF_SQUARE[(int) (d2 * 4)];
            }
        }
    }

    /** Per cell, d(L, a, b)/d(R, G, B) at the model colour of the cell's centre, row-major 3×3. */
    private static float[][] jacobians(BackgroundModel model) {
        int width = model.width;
        int height = model.height;
        int across = (width + CELL - 1) / CELL;
        int down = (height + CELL - 1) / CELL;
        float[][] cells = new float[across * down][];
        float[] base = new float[3];
        float[] moved = new float[3];
        for (int cy = 0; cy < down; cy++) {
            for (int cx = 0; cx < across; cx++) {
                int rgb = model.rgbAt(Math.min(width - 1, cx * CELL + CELL / 2), Math.min(height - 1, cy * CELL + CELL / 2));
                float[] j = new float[9];
                for (int c = 0; c < 3; c++) {
                    int shift = 16 - 8 * c;
                    int value = rgb >> shift & 0xFF;
                    int step = value < 128 ? 6 : -6; // stay inside 0–255
                    Lab.of(rgb, base);
                    Lab.of(rgb & ~(0xFF << shift) | (value + step) << shift, moved);
                    for (int k = 0; k < 3; k++) {
                        j[k * 3 + c] = (moved[k] - base[k]) / step;
                    }
                }
                cells[cy * across + cx] = j;
            }
        }
        return cells;
    }
}
