package dev.flowrun.cutout.classic;

import dev.flowrun.work.WorkBudget;

/**
 * Scanline flood fill over a per-pixel state grid: fills the 4-connected region of pixels whose state is
 * {@code from} (and, if a limit is given, whose distance is under it), setting them to {@code to}. Works on whole
 * runs of a row at a time, so it costs a few nanoseconds per pixel, several times less than a pixel-by-pixel
 * breadth-first search. The region's runs can be recorded as (y, x0, x1) triples for a second look.
 */
public final class SpanFill {
    private final int w;
    private final int h;
    private final byte[] state;
    private final byte[] distance;
    private final IntList pending = new IntList(256);
    /** The runs of the last fill, as y, first x, last x; filled only when asked to record. */
    public final IntList spans = new IntList(256);

    public SpanFill(int w, int h, byte[] state, byte[] distance) {
        this.w = w;
        this.h = h;
        this.state = state;
        this.distance = distance;
    }

    /** A limit above every distance. */
    static final int NO_LIMIT = 256;

    /** Whether pixel i would join a fill from {@code from} under {@code limit} (distances as stored, 0–255). */
    public boolean joins(int i, byte from, int limit) {
        return state[i] == from && (distance[i] & 0xFF) < limit;
    }

    /**
     * Fills the region containing {@code seed} (which must join); returns its size in pixels. Pass
     * {@link #NO_LIMIT} as {@code limit} to ignore distances.
     */
    public long fill(int seed, byte from, byte to, int limit, boolean record) {
        spans.clear();
        pending.clear();
        push(seed, 0, 0, -1); // no parent run: both neighbouring rows are scanned in full
        long size = 0;
        int runs = 0;
        while (pending.size() > 0) {
            if ((++runs & 0xFFF) == 0) { // one region may be the whole image: look up now and then
                WorkBudget.check();
            }
            int top = pending.size() - 4;
            int start = pending.get(top);
            int dy = pending.get(top + 1);
            int parentX0 = pending.get(top + 2);
            int parentX1 = pending.get(top + 3);
            pending.truncate(top);
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
            // Away from the parent row, everything under the run; toward it, only what sticks out beyond the
            // parent's run, which was scanned when the parent was.
            if (dy != 0) {
                queueRuns(y + dy, x0, x1, dy, x0, x1, from, limit);
                queueRuns(y - dy, x0, Math.min(x1, parentX0 - 1), -dy, x0, x1, from, limit);
                queueRuns(y - dy, Math.max(x0, parentX1 + 1), x1, -dy, x0, x1, from, limit);
            } else {
                queueRuns(y - 1, x0, x1, -1, x0, x1, from, limit);
                queueRuns(y + 1, x0, x1, 1, x0, x1, from, limit);
            }
        }
        return size;
    }

    /** Sets every pixel of the recorded runs to {@code to}. */
    public void paintSpans(byte to) {
        for (int k = 0; k < spans.size(); k += 3) {
            int row = spans.get(k) * w;
            for (int x = spans.get(k + 1), end = spans.get(k + 2); x <= end; x++) {
                state[row + x] = to;
            }
        }
    }

    /**
     * Queues the first pixel of each joining run of row {@code y} between x0 and x1, as children of the run just
     * filled ({@code runX0}..{@code runX1} of the row {@code dy} rows back).
     */
    private void queueRuns(int y, int x0, int x1, int dy, int runX0, int runX1, byte from, int limit) {
        if (y < 0 || y >= h || x0 > x1) {
            return;
        }
        int row = y * w;
        boolean inRun = false;
        for (int x = x0; x <= x1; x++) {
            boolean j = joins(row + x, from, limit);
            if (j && !inRun) {
                push(row + x, dy, runX0, runX1);
            }
            inRun = j;
        }
    }

    private void push(int index, int dy, int parentX0, int parentX1) {
        pending.add(index);
        pending.add(dy);
        pending.add(parentX0);
        pending.add(parentX1);
    }
}
