package dev.flowrun.cutout.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The parts of the working grid where the full-size cut-out reads the edge planes (the guided filter's coefficients,
 * the edge colours): tiles of {@value #TILE}² grid pixels that hold or touch a pixel the {@link Trimap} left unknown
 * or a change between its values, or (for the edge colours) a pixel near the outline. The compose interpolates each
 * output pixel between a grid pixel and its right and lower neighbours, and reads those planes only where that cell
 * is not settled, so a tile with no such pixel within one pixel of it is never read. Most of a photo's grid is far
 * from its outline.
 */
final class OutlineTiles {
    static final int TILE = 32;

    private OutlineTiles() {
    }

    /**
     * The runs of such tiles along each row of tiles, as {x0, y0, x1, y1} on the grid; {@code near} (1 near the
     * outline, or null) makes a tile holding or touching a pixel near the outline one too.
     */
    static List<int[]> spans(float[] trimap, float[] near, int w, int h) {
        List<int[]> spans = new ArrayList<>();
        for (int y0 = 0; y0 < h; y0 += TILE) {
            int y1 = Math.min(h, y0 + TILE);
            int start = -1;
            for (int x0 = 0; x0 < w + TILE; x0 += TILE) { // one step past the last tile closes a run there
                boolean read = x0 < w && read(trimap, near, w, h, x0 - 1, y0 - 1, Math.min(w, x0 + TILE) + 1, y1 + 1);
                if (read && start < 0) {
                    start = x0;
                } else if (!read && start >= 0) {
                    spans.add(new int[] {start, y0, Math.min(w, x0), y1});
                    start = -1;
                }
            }
        }
        return spans;
    }

    /** Whether [x0, x1) × [y0, y1), clipped, holds an unknown pixel, both decided values or a pixel near. */
    private static boolean read(float[] trimap, float[] near, int w, int h, int x0, int y0, int x1, int y1) {
        float first = trimap[Math.max(0, y0) * w + Math.max(0, x0)];
        if (first == Trimap.UNKNOWN) {
            return true;
        }
        for (int y = Math.max(0, y0); y < Math.min(h, y1); y++) {
            for (int i = y * w + Math.max(0, x0), end = y * w + Math.min(w, x1); i < end; i++) {
                if (trimap[i] != first || near != null && near[i] != 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
