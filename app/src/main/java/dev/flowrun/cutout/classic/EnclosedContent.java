package dev.flowrun.cutout.classic;

/**
 * Measures how much a connected region encloses: pixels of other regions completely surrounded by it (islands).
 * Works on the region's bounding box with a one-pixel margin: everything reachable from the margin without
 * crossing the region is outside; what is left, apart from the region itself, is enclosed.
 *
 * <p>Cost is the bounding box area, so the total work is capped at a few times the image size; once spent,
 * regions are assumed empty (the colour tests alone then decide), which only matters for contrived inputs.
 */
final class EnclosedContent {
    /** Enclosed pixels allowed, as a fraction of the region, before it counts as having content (noise specks). */
    private static final double MAX_ENCLOSED = 0.02;
    private static final int BUDGET_IMAGES = 4;

    private long budget;

    EnclosedContent(int w, int h) {
        this.budget = (long) BUDGET_IMAGES * w * h;
    }

    /** Whether the region made of {@code spans} ((y, x0, x1) triples), {@code size} pixels, surrounds content. */
    boolean enclosedBy(IntList spans, long size) {
        int x0 = Integer.MAX_VALUE;
        int y0 = Integer.MAX_VALUE;
        int x1 = -1;
        int y1 = -1;
        for (int k = 0; k < spans.size(); k += 3) {
            y0 = Math.min(y0, spans.get(k));
            y1 = Math.max(y1, spans.get(k));
            x0 = Math.min(x0, spans.get(k + 1));
            x1 = Math.max(x1, spans.get(k + 2));
        }
        int bw = x1 - x0 + 3;
        int bh = y1 - y0 + 3;
        long area = (long) bw * bh;
        if (area > budget || area > Integer.MAX_VALUE) {
            return false;
        }
        budget -= area;
        byte[] box = new byte[(int) area]; // 0 unknown, 1 region, 2 outside
        for (int k = 0; k < spans.size(); k += 3) {
            int row = (spans.get(k) - y0 + 1) * bw;
            for (int x = spans.get(k + 1), end = spans.get(k + 2); x <= end; x++) {
                box[row + x - x0 + 1] = 1;
            }
        }
        long outside = floodOutside(box, bw, bh);
        long enclosed = area - size - outside;
        return enclosed > MAX_ENCLOSED * size;
    }

    /**
     * Marks and counts what the margin reaches. 8-connected: the region is 4-connected, so a diagonal gap in it
     * is a way out.
     */
    private static int floodOutside(byte[] box, int bw, int bh) {
        int[] queue = new int[box.length];
        int tail = 0;
        box[0] = 2;
        queue[tail++] = 0;
        int head = 0;
        while (head < tail) {
            int i = queue[head++];
            int x = i % bw;
            int y = i / bw;
            for (int dy = -1; dy <= 1; dy++) {
                int yy = y + dy;
                if (yy < 0 || yy >= bh) {
                    continue;
                }
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx;
                    if (xx < 0 || xx >= bw) {
                        continue;
                    }
                    int j = yy * bw + xx;
                    if (box[j] == 0) {
                        box[j] = 2;
                        queue[tail++] = j;
                    }
                }
            }
        }
        return tail;
    }
}
