package dev.flowrun.nodes;

/**
 * Scanline flood fill over a per-pixel state grid: fills the 4-connected region of pixels whose state is
 * {@code from} (and, if a limit is given, whose distance is under it), setting them to {@code to}. Works on whole
 * runs of a row at a time, so it costs a few nanoseconds per pixel, several times less than a pixel-by-pixel
 * breadth-first search. The region's runs can be recorded as (y, x0, x1) triples for a second look.
 */
final class SpanFill {
    private final int w;
    private final int h;
    private final byte[] state;
    private final byte[] distance;
    private final IntList pending = new IntList(256);
    /** The runs of the last fill, as y, first x, last x; filled only when asked to record. */
    final IntList spans = new IntList(256);

    SpanFill(int w, int h, byte[] state, byte[] distance) {
        this.w = w;
        this.h = h;
        this.state = state;
        this.distance = distance;
    }

    /** A limit above every distance. */
    static final int NO_LIMIT = 256;

    /** Whether pixel i would join a fill from {@code from} under {@code limit} (distances as stored, 0–255). */
    boolean joins(int i, byte from, int limit) {
        return state[i] == from && (distance[i] & 0xFF) < limit;
    }

    /**
     * Fills the region containing {@code seed} (which must join); returns its size in pixels. Pass
     * {@link #NO_LIMIT} as {@code limit} to ignore distances.
     */
    long fill(int seed, byte from, byte to, int limit, boolean record) {
        spans.clear();
        pending.clear();
        pending.add(seed);
        long size = 0;
        while (pending.size() > 0) {
            int start = pending.get(pending.size() - 1);
            popLast();
            if (!joins(start, from, limit)) {
                continue;
            }
            int y = start / w;
            int row = y * w;
            int x0 = start - row;
            int x1 = x0;
            while (x0 > 0 && joins(row + x0 - 1, from, limit)) {
                x0--;
            }
            while (x1 < w - 1 && joins(row + x1 + 1, from, limit)) {
                x1++;
            }
            for (int x = x0; x <= x1; x++) {
                state[row + x] = to;
            }
            size += x1 - x0 + 1;
            if (record) {
                spans.add(y);
                spans.add(x0);
                spans.add(x1);
            }
            if (y > 0) {
                queueRuns(row - w, x0, x1, from, limit);
            }
            if (y < h - 1) {
                queueRuns(row + w, x0, x1, from, limit);
            }
        }
        return size;
    }

    /** Sets every pixel of the recorded runs to {@code to}. */
    void paintSpans(byte to) {
        for (int k = 0; k < spans.size(); k += 3) {
            int row = spans.get(k) * w;
            for (int x = spans.get(k + 1), end = spans.get(k + 2); x <= end; x++) {
                state[row + x] = to;
            }
        }
    }

    /** Queues the first pixel of each joining run of row {@code row} between x0 and x1. */
    private void queueRuns(int row, int x0, int x1, byte from, int limit) {
        boolean inRun = false;
        for (int x = x0; x <= x1; x++) {
            boolean j = joins(row + x, from, limit);
            if (j && !inRun) {
                pending.add(row + x);
            }
            inRun = j;
        }
    }

    private void popLast() {
        pending.truncate(pending.size() - 1);
    }
}
