package dev.flowrun.cutout.classic;


/**
 * The pixels near the outline of a foreground mask, where colours mix subject and backdrop: up to {@code inner}
 * pixels inside it and {@code outer} outside. For each, two references by a breadth-first walk through the band:
 * the colour of the nearest subject pixel beyond the band, and of the nearest backdrop pixel beyond it. Those are
 * the two colours an edge pixel is a mix of; local references follow a shadow or a gradient that a global
 * backdrop model would miss.
 */
final class EdgeBand {
    /** Band pixel indices, nearest the outline first. */
    final IntList pixels;
    /** Per band pixel (same order), the subject reference, packed RGB with alpha 255; 0 if none was reached. */
    final int[] subject;
    /** Per band pixel, the backdrop reference; 0 if none was reached. */
    final int[] backdrop;
    /** Per image pixel, 0 outside the band, else its distance in steps from the outline (1 = on it). */
    final byte[] level;

    private EdgeBand(IntList pixels, int[] subject, int[] backdrop, byte[] level) {
        this.pixels = pixels;
        this.subject = subject;
        this.backdrop = backdrop;
        this.level = level;
    }

    /** {@code scratch}: w*h ints of scratch space. {@code inner} and {@code outer} at most 100. */
    static EdgeBand find(int[] src, byte[] mask, int w, int h, int inner, int outer, int[] scratch) {
        byte[] level = new byte[w * h];
        IntList pixels = outline(mask, w, h, level);
        for (int head = 0; head < pixels.size(); head++) {
            int i = pixels.get(head);
            int next = level[i] + 1;
            if (next > (mask[i] == 1 ? inner : outer)) {
                continue;
            }
            int x = i % w;
            if (x > 0) {
                widen(i - 1, mask[i], next, mask, level, pixels);
            }
            if (x < w - 1) {
                widen(i + 1, mask[i], next, mask, level, pixels);
            }
            if (i >= w) {
                widen(i - w, mask[i], next, mask, level, pixels);
            }
            if (i + w < mask.length) {
                widen(i + w, mask[i], next, mask, level, pixels);
            }
        }
        int[] subject = references(src, mask, (byte) 1, w, level, pixels, scratch);
        int[] backdrop = references(src, mask, (byte) 0, w, level, pixels, scratch);
        return new EdgeBand(pixels, subject, backdrop, level);
    }

    /** Both pixels of every horizontally or vertically adjacent pair that the mask separates. */
    private static IntList outline(byte[] mask, int w, int h, byte[] level) {
        IntList pixels = new IntList(4 * (w + h));
        ByteGrid.scan(mask, w, h, (i, x, y) -> {
            if (x < w - 1 && mask[i] != mask[i + 1]) {
                mark(i, level, pixels);
                mark(i + 1, level, pixels);
            }
            if (y < h - 1 && mask[i] != mask[i + w]) {
                mark(i, level, pixels);
                mark(i + w, level, pixels);
            }
        });
        return pixels;
    }

    private static void mark(int i, byte[] level, IntList pixels) {
        if (level[i] == 0) {
            level[i] = 1;
            pixels.add(i);
        }
    }

    private static void widen(int j, byte side, int next, byte[] mask, byte[] level, IntList pixels) {
        if (level[j] == 0 && mask[j] == side) {
            level[j] = (byte) next;
            pixels.add(j);
        }
    }

    /**
     * For each band pixel, the colour of the nearest pixel beyond the band on the {@code side} (1 subject, 0
     * backdrop), found by a walk through the band from its pixels that touch such a pixel.
     */
    private static int[] references(int[] src, byte[] mask, byte side, int w, byte[] level, IntList pixels,
                                    int[] colour) {
        int n = mask.length;
        for (int k = 0; k < pixels.size(); k++) {
            colour[pixels.get(k)] = 0;
        }
        IntList queue = new IntList(pixels.size());
        for (int k = 0; k < pixels.size(); k++) {
            int i = pixels.get(k);
            int x = i % w;
            int found = x > 0 ? beyond(i - 1, side, src, mask, level) : 0;
            found = found == 0 && x < w - 1 ? beyond(i + 1, side, src, mask, level) : found;
            found = found == 0 && i >= w ? beyond(i - w, side, src, mask, level) : found;
            found = found == 0 && i + w < n ? beyond(i + w, side, src, mask, level) : found;
            if (found != 0) {
                colour[i] = found;
                queue.add(i);
            }
        }
        for (int head = 0; head < queue.size(); head++) {
            int i = queue.get(head);
            int x = i % w;
            if (x > 0) {
                pass(i, i - 1, level, colour, queue);
            }
            if (x < w - 1) {
                pass(i, i + 1, level, colour, queue);
            }
            if (i >= w) {
                pass(i, i - w, level, colour, queue);
            }
            if (i + w < n) {
                pass(i, i + w, level, colour, queue);
            }
        }
        int[] out = new int[pixels.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = colour[pixels.get(k)];
        }
        return out;
    }

    private static int beyond(int j, byte side, int[] src, byte[] mask, byte[] level) {
        return level[j] == 0 && mask[j] == side ? src[j] | 0xFF000000 : 0;
    }

    private static void pass(int from, int j, byte[] level, int[] colour, IntList queue) {
        if (level[j] != 0 && colour[j] == 0) {
            colour[j] = colour[from];
            queue.add(j);
        }
    }
}
