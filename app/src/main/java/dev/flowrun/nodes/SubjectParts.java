package dev.flowrun.nodes;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * The connected parts of an image's subject pixels (those passing a test), found as runs of pixels along the rows
 * joined with the overlapping runs of the row above by union-find: memory follows the number of runs, not of pixels.
 * Parts are 8-connected: pixels that touch only at a corner belong together, so a thin diagonal strand or hair stays
 * one part with what it grows from instead of falling apart into one-pixel specks. A speck is a part whose area is
 * under {@value #SPECK_SHARE} of the largest part's (contract §4, {@code trim}).
 */
final class SubjectParts {
    static final double SPECK_SHARE = 0.01;

    private int[] row = new int[256];
    private int[] from = new int[256];
    private int[] to = new int[256];
    private int[] parent = new int[256];
    private int runs;
    private boolean[] kept;

    private SubjectParts() {
    }

    /** The parts of the pixels of {@code px} ({@code w} × {@code h}, row by row) for which {@code subject} holds. */
    static SubjectParts of(int[] px, int w, int h, IntPredicate subject) {
        SubjectParts parts = new SubjectParts();
        int above = 0; // first run of the row above
        for (int y = 0; y < h; y++) {
            int first = parts.runs;
            for (int x = 0; x < w; x++) {
                if (subject.test(px[y * w + x])) {
                    int start = x;
                    while (x + 1 < w && subject.test(px[y * w + x + 1])) {
                        x++;
                    }
                    parts.add(y, start, x);
                }
            }
            // Join each new run with the runs above that overlap it or touch it at a corner.
            int j = above;
            for (int i = first; i < parts.runs; i++) {
                while (j < first && parts.to[j] < parts.from[i] - 1) {
                    j++;
                }
                for (int k = j; k < first && parts.from[k] <= parts.to[i] + 1; k++) {
                    parts.union(i, k);
                }
            }
            above = first;
        }
        parts.keepAllButSpecks();
        return parts;
    }

    /** Whether no pixel passed the test. */
    boolean empty() {
        return runs == 0;
    }

    /** Inclusive bounds {x0, y0, x1, y1} of the parts that are not specks; null when there are none. */
    int[] box() {
        int[] box = null;
        for (int i = 0; i < runs; i++) {
            if (kept[find(i)]) {
                if (box == null) {
                    box = new int[] {from[i], row[i], to[i], row[i]};
                } else {
                    box[0] = Math.min(box[0], from[i]);
                    box[2] = Math.max(box[2], to[i]);
                    box[3] = row[i];
                }
            }
        }
        return box;
    }

    /**
     * Makes the specks' pixels inside the rectangle from ({@code x0}, {@code y0}), {@code w} × {@code h}, fully
     * transparent in {@code out}, that rectangle's own pixels row by row.
     */
    void clearSpecks(int[] out, int x0, int y0, int w, int h) {
        for (int i = 0; i < runs; i++) {
            int y = row[i] - y0;
            if (kept[find(i)] || y < 0 || y >= h) {
                continue;
            }
            for (int x = Math.max(from[i] - x0, 0); x <= Math.min(to[i] - x0, w - 1); x++) {
                out[y * w + x] = 0;
            }
        }
    }

    private void keepAllButSpecks() {
        long[] area = new long[runs];
        long largest = 0;
        for (int i = 0; i < runs; i++) {
            int root = find(i);
            area[root] += to[i] - from[i] + 1;
            largest = Math.max(largest, area[root]);
        }
        kept = new boolean[runs];
        for (int i = 0; i < runs; i++) {
            kept[i] = parent[i] == i && area[i] >= largest * SPECK_SHARE;
        }
    }

    private void add(int y, int start, int end) {
        if (runs == row.length) {
            int size = runs * 2;
            row = Arrays.copyOf(row, size);
            from = Arrays.copyOf(from, size);
            to = Arrays.copyOf(to, size);
            parent = Arrays.copyOf(parent, size);
        }
        row[runs] = y;
        from[runs] = start;
        to[runs] = end;
        parent[runs] = runs;
        runs++;
    }

    private int find(int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private void union(int a, int b) {
        int ra = find(a);
        int rb = find(b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }
}
