package dev.flowrun.nodes;

/**
 * Splits pixels into background and foreground from their colour distance to the background model:
 * <ol>
 * <li>flood fill from the border through pixels closer than the threshold, so only backdrop connected to the
 *     edge goes: an object part that happens to match the backdrop, but is enclosed by the object, stays;</li>
 * <li>enclosed holes (a mug handle, the inside of a ring) are background too, but only when large, clearly
 *     backdrop-coloured on average (mean distance under half the threshold) and empty: a backdrop-coloured
 *     area with things inside it (a white label with text, a white panel with parts on it) belongs to the
 *     subject, while the backdrop seen through a handle has nothing in it (see {@link EnclosedContent});</li>
 * <li>foreground specks too small to be anything (noise, dust) are dropped.</li>
 * </ol>
 * Everything is 4-connected and linear in the number of pixels; one int queue is reused for every pass.
 */
final class Segmentation {
    private static final byte UNSEEN = 0;
    private static final byte BACKGROUND = 1;
    private static final byte SEEN = 2; // examined in the current pass, stays foreground
    private static final byte KEPT = 3; // examined by the speck pass, stays foreground

    private final int w;
    private final int h;
    private final float[] distance;
    private final float threshold;
    private final byte[] state;
    private final int[] queue;

    private Segmentation(int w, int h, float[] distance, float threshold, int[] queue) {
        this.w = w;
        this.h = h;
        this.distance = distance;
        this.threshold = threshold;
        this.state = new byte[w * h];
        this.queue = queue;
    }

    /**
     * Returns the foreground mask: 1 = foreground, 0 = background. {@code queue} must hold w*h ints and is
     * scratch space.
     */
    static byte[] foreground(int w, int h, float[] distance, float threshold, int[] queue) {
        Segmentation s = new Segmentation(w, h, distance, threshold, queue);
        s.floodFromBorder();
        s.claimHoles(Math.max(16, w * h / 1000));
        s.dropSpecks(Math.max(8, w * h / 50000));
        byte[] mask = s.state;
        for (int i = 0; i < mask.length; i++) {
            mask[i] = mask[i] == BACKGROUND ? (byte) 0 : (byte) 1;
        }
        return mask;
    }

    private void floodFromBorder() {
        int tail = 0;
        for (int x = 0; x < w; x++) {
            tail = seed(x, tail);
            tail = seed((h - 1) * w + x, tail);
        }
        for (int y = 1; y < h - 1; y++) {
            tail = seed(y * w, tail);
            tail = seed(y * w + w - 1, tail);
        }
        grow(0, tail, BACKGROUND, true);
    }

    private int seed(int i, int tail) {
        if (state[i] == UNSEEN && distance[i] < threshold) {
            state[i] = BACKGROUND;
            queue[tail++] = i;
        }
        return tail;
    }

    private void claimHoles(int minSize) {
        float maxMean = threshold / 2;
        EnclosedContent content = new EnclosedContent(w, h);
        for (int i = 0; i < state.length; i++) {
            if (state[i] != UNSEEN || distance[i] >= threshold) {
                continue;
            }
            state[i] = SEEN;
            queue[0] = i;
            int size = grow(0, 1, SEEN, true);
            double sum = 0;
            for (int k = 0; k < size; k++) {
                sum += distance[queue[k]];
            }
            if (size >= minSize && sum / size < maxMean && !content.enclosedBy(queue, size)) {
                for (int k = 0; k < size; k++) {
                    state[queue[k]] = BACKGROUND;
                }
            }
        }
    }

    private void dropSpecks(int minSize) {
        for (int i = 0; i < state.length; i++) {
            if (state[i] == BACKGROUND || state[i] == KEPT) {
                continue;
            }
            state[i] = KEPT;
            queue[0] = i;
            int size = grow(0, 1, KEPT, false);
            if (size < minSize) {
                for (int k = 0; k < size; k++) {
                    state[queue[k]] = BACKGROUND;
                }
            }
        }
    }

    /**
     * Breadth-first growth from queue[head..tail): marks neighbours with {@code mark} and appends them. With
     * {@code nearOnly} a neighbour must be UNSEEN and under the threshold; otherwise any non-background pixel
     * not yet marked joins. Returns the final tail, i.e. the component's size when started from head 0.
     */
    private int grow(int head, int tail, byte mark, boolean nearOnly) {
        while (head < tail) {
            int i = queue[head++];
            int x = i % w;
            if (x > 0) {
                tail = visit(i - 1, tail, mark, nearOnly);
            }
            if (x < w - 1) {
                tail = visit(i + 1, tail, mark, nearOnly);
            }
            if (i >= w) {
                tail = visit(i - w, tail, mark, nearOnly);
            }
            if (i < state.length - w) {
                tail = visit(i + w, tail, mark, nearOnly);
            }
        }
        return tail;
    }

    private int visit(int j, int tail, byte mark, boolean nearOnly) {
        byte s = state[j];
        boolean joins = nearOnly
                ? s == UNSEEN && distance[j] < threshold
                : s != BACKGROUND && s != mark;
        if (joins) {
            state[j] = mark;
            queue[tail++] = j;
        }
        return tail;
    }
}
