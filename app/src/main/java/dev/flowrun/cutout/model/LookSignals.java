package dev.flowrun.cutout.model;

/**
 * What the looks say about a cut-out beside the first look's own hesitation ({@link ModelConfidence}): how much of
 * the subject the looks disagree on, how much of it lies in pieces apart from its largest part, and how many of the
 * picture's sides it runs along.
 *
 * @param mirror    share of the subject (either look's) where the first and the mirrored look differ by more than ½
 * @param crop      the same between the first look and the crop look, within the crop's box; 0 without one
 * @param fragments share of the first look's subject outside its largest connected part
 * @param sides     how many of the picture's four sides the subject runs along for at least a fifth of their length
 */
record LookSignals(double mirror, double crop, double fragments, int sides) {
    static final float SURE_DIFFERENCE = 0.5f;

    static LookSignals of(Looks looks) {
        float[] first = looks.first();
        int w = looks.gw();
        int h = looks.gh();
        double mirror = looks.mirrored() == null ? 0 : disagreement(first, looks.mirrored(), w, new int[] {0, 0, w, h});
        double crop = looks.crop() == null ? 0 : disagreement(first, looks.crop(), w, looks.box());
        return new LookSignals(mirror, crop, fragments(first, w, h), sides(first, w, h));
    }

    /** Within {@code box} of the grid, the share of pixels either look calls subject where they differ by ½. */
    static double disagreement(float[] first, float[] other, int w, int[] box) {
        long union = 0;
        long differ = 0;
        boolean boxed = other.length != first.length;
        for (int y = box[1]; y < box[1] + box[3]; y++) {
            for (int x = box[0]; x < box[0] + box[2]; x++) {
                float a = first[y * w + x];
                float b = boxed ? other[(y - box[1]) * box[2] + x - box[0]] : other[y * w + x];
                if (a >= 0.5f || b >= 0.5f) {
                    union++;
                    differ += Math.abs(a - b) > SURE_DIFFERENCE ? 1 : 0;
                }
            }
        }
        return (double) differ / Math.max(1, union);
    }

    /** The share of subject pixels (probability ≥ ½) outside the largest 4-connected part. */
    static double fragments(float[] p, int w, int h) {
        int[] label = new int[p.length];
        int[] stack = new int[p.length];
        long total = 0;
        long largest = 0;
        int next = 0;
        for (int s = 0; s < p.length; s++) {
            if (p[s] < 0.5f || label[s] != 0) {
                continue;
            }
            next++;
            long size = 0;
            int top = 0;
            stack[top++] = s;
            label[s] = next;
            while (top > 0) {
                int i = stack[--top];
                size++;
                int x = i % w;
                int y = i / w;
                if (x > 0) top = push(p, label, stack, top, i - 1, next);
                if (x < w - 1) top = push(p, label, stack, top, i + 1, next);
                if (y > 0) top = push(p, label, stack, top, i - w, next);
                if (y < h - 1) top = push(p, label, stack, top, i + w, next);
            }
            total += size;
            largest = Math.max(largest, size);
        }
        return total == 0 ? 0 : 1 - (double) largest / total;
    }

    private static int push(float[] p, int[] label, int[] stack, int top, int j, int id) {
        if (p[j] >= 0.5f && label[j] == 0) {
            label[j] = id;
            stack[top++] = j;
        }
        return top;
    }

    /** How many sides of the grid have subject along at least a fifth of their length. */
    static int sides(float[] p, int w, int h) {
        int top = 0;
        int bottom = 0;
        int left = 0;
        int right = 0;
        for (int x = 0; x < w; x++) {
            top += p[x] >= 0.5f ? 1 : 0;
            bottom += p[(h - 1) * w + x] >= 0.5f ? 1 : 0;
        }
        for (int y = 0; y < h; y++) {
            left += p[y * w] >= 0.5f ? 1 : 0;
            right += p[y * w + w - 1] >= 0.5f ? 1 : 0;
        }
        return (top * 5 >= w ? 1 : 0) + (bottom * 5 >= w ? 1 : 0) + (left * 5 >= h ? 1 : 0)
                + (right * 5 >= h ? 1 : 0);
    }
}
