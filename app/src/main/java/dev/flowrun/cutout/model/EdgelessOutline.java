package dev.flowrun.cutout.model;

import java.util.Arrays;

/**
 * How much of the first look's outline runs where the picture shows no edge: per outline pixel (subject with a
 * background neighbour, off the frame), the mean colours of the subject and of the background in its
 * {@value #WINDOW}×{@value #WINDOW} window are compared; the outline pixel is edgeless when no channel differs by
 * {@value #ALIKE} levels or more. A confident outline through a uniform area is where the model drew a border the
 * photograph does not have: a part cut through (a plate's rim, a body cut by a grass blade), a neighbour or a shadow
 * kept that shades into the subject. A clean cut-out's outline runs along an edge almost everywhere, except where a
 * subject meets a backdrop of its own colour (a white cup on white), where the looks then agree.
 */
final class EdgelessOutline {
    /** The window's side on the working grid: 9 px at 1024, a few pixels either side of the outline. */
    static final int WINDOW = 9;
    /** Mean colours within this many levels (of 255) on every channel are alike. */
    static final int ALIKE = 8;

    private EdgelessOutline() {
    }

    /** The share of the outline of {@code p} (w×h, subject at ½) along which {@code guide} (packed RGB) has no edge. */
    static double share(float[] p, int[] guide, int w, int h) {
        int r = WINDOW / 2;
        long outline = 0;
        long edgeless = 0;
        int[] sum = new int[6]; // one window's sums, reused: subject's R, G, B, then all pixels' R, G, B
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                if (p[i] < 0.5f || (p[i - 1] >= 0.5f && p[i + 1] >= 0.5f && p[i - w] >= 0.5f && p[i + w] >= 0.5f)) {
                    continue;
                }
                outline++;
                edgeless += alike(p, guide, w, h, x, y, r, sum) ? 1 : 0;
            }
        }
        return outline == 0 ? 0 : (double) edgeless / outline;
    }

    private static boolean alike(float[] p, int[] guide, int w, int h, int cx, int cy, int r, int[] sum) {
        int n = 0;
        int all = 0;
        Arrays.fill(sum, 0);
        for (int y = Math.max(0, cy - r); y <= Math.min(h - 1, cy + r); y++) {
            for (int x = Math.max(0, cx - r); x <= Math.min(w - 1, cx + r); x++) {
                int i = y * w + x;
                int c = guide[i];
                int k = p[i] >= 0.5f ? 0 : 3;
                n += k == 0 ? 1 : 0;
                all++;
                sum[k] += c >> 16 & 0xFF;
                sum[k + 1] += c >> 8 & 0xFF;
                sum[k + 2] += c & 0xFF;
            }
        }
        for (int k = 0; k < 3; k++) {
            double in = (double) sum[k] / n;
            double out = (double) sum[k + 3] / (all - n);
            if (Math.abs(in - out) >= ALIKE) {
                return false;
            }
        }
        return true;
    }
}
