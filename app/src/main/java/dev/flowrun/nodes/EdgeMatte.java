package dev.flowrun.nodes;

import java.util.Arrays;

/**
 * Turns a hard foreground mask into the final ARGB pixels: soft alpha along the outline (feathering) and edge
 * colours cleaned of the backdrop that bled into them (decontamination), so cut-outs placed on a different
 * background show neither a jagged edge nor a light/dark halo.
 *
 * <p>Alpha is a box blur of the mask of radius {@code feather} (clamped at the image edge), so it only changes
 * within {@code feather} pixels of the outline and the 50% contour stays on the mask's outline.
 *
 * <p>Colours: the blur's alpha describes the shape, not how much backdrop a pixel actually contains, so the
 * usual decontamination c = (observed − (1 − a)·backdrop) / a is applied with a coverage a estimated per pixel
 * instead. Each foreground pixel near the outline gets a reference foreground colour (from the nearest interior
 * pixel, by a breadth-first walk); a is the projection of (observed − backdrop) on (reference − backdrop); the
 * cleaned colour is clamped and blended toward the reference as a falls, which keeps noise from being amplified.
 * Pixels outside the mask that the blur made visible take the reference colour: they are pure backdrop, any
 * colour of theirs would show as a halo.
 */
final class EdgeMatte {
    /** Below this RGB distance between reference and backdrop, coverage cannot be told apart from noise. */
    private static final double MIN_CONTRAST = 24;
    private static final int MIXED_RADIUS = 2;

    private EdgeMatte() {
    }

    /**
     * Writes the cut-out into {@code out} (w*h ARGB). {@code mask} is 1 for foreground; {@code queue} is w*h
     * ints of scratch space. Existing transparency in {@code src} is kept (alpha multiplies).
     */
    static void compose(int[] src, byte[] mask, int w, int h, int feather, BackgroundModel model, int[] queue,
                        int[] out) {
        byte[] alpha = feather == 0 ? hardAlpha(mask) : BoxBlur.of(mask, w, h, feather);
        boolean[] mixed = mixedPixels(mask, w, h);
        spreadInteriorColours(src, mask, mixed, alpha, w, queue, out);
        for (int i = 0; i < out.length; i++) {
            int a = alpha[i] & 0xFF;
            a = (a * (src[i] >>> 24) + 127) / 255;
            if (a == 0) {
                out[i] = 0;
                continue;
            }
            int rgb = src[i];
            int reference = out[i];
            if (reference != 0 && mask[i] == 0) {
                rgb = reference;
            } else if (reference != 0 && mixed[i]) {
                rgb = decontaminate(src[i], reference, model.rgbAt(i % w, i / w));
            }
            out[i] = a << 24 | (rgb & 0xFFFFFF);
        }
    }

    private static byte[] hardAlpha(byte[] mask) {
        byte[] alpha = new byte[mask.length];
        for (int i = 0; i < mask.length; i++) {
            alpha[i] = mask[i] == 1 ? (byte) 255 : 0;
        }
        return alpha;
    }

    /**
     * Foreground pixels within {@link #MIXED_RADIUS} of background: the ones whose colour may hold backdrop
     * (anti-aliasing and lens blur spread an outline over a pixel or two).
     */
    private static boolean[] mixedPixels(byte[] mask, int w, int h) {
        byte[] background = new byte[mask.length];
        for (int i = 0; i < mask.length; i++) {
            background[i] = (byte) (1 - mask[i]);
        }
        byte[] near = BoxBlur.of(background, w, h, MIXED_RADIUS);
        boolean[] mixed = new boolean[mask.length];
        for (int i = 0; i < mask.length; i++) {
            mixed[i] = mask[i] == 1 && near[i] != 0;
        }
        return mixed;
    }

    /**
     * Multi-source breadth-first walk from interior foreground pixels, through mixed pixels and visible
     * background ones: each reached pixel's {@code out} gets the colour of the interior pixel it was reached from
     * (0 = none reached, e.g. a hair-thin part with no interior).
     */
    private static void spreadInteriorColours(int[] src, byte[] mask, boolean[] mixed, byte[] alpha, int w,
                                              int[] queue, int[] out) {
        Arrays.fill(out, 0);
        int n = src.length;
        int tail = 0;
        for (int i = 0; i < n; i++) {
            if (mask[i] == 1 && !mixed[i]) {
                out[i] = src[i] | 0xFF000000;
                queue[tail++] = i;
            }
        }
        int head = 0;
        while (head < tail) {
            int i = queue[head++];
            int x = i % w;
            if (x > 0) {
                tail = reach(i, i - 1, mask, mixed, alpha, queue, tail, out);
            }
            if (x < w - 1) {
                tail = reach(i, i + 1, mask, mixed, alpha, queue, tail, out);
            }
            if (i >= w) {
                tail = reach(i, i - w, mask, mixed, alpha, queue, tail, out);
            }
            if (i < n - w) {
                tail = reach(i, i + w, mask, mixed, alpha, queue, tail, out);
            }
        }
    }

    private static int reach(int from, int j, byte[] mask, boolean[] mixed, byte[] alpha, int[] queue, int tail,
                             int[] out) {
        if (out[j] == 0 && (mixed[j] || (mask[j] == 0 && alpha[j] != 0))) {
            out[j] = out[from];
            queue[tail++] = j;
        }
        return tail;
    }

    /** Removes the backdrop's share from an observed colour, given a reference foreground colour. */
    static int decontaminate(int observed, int reference, int backdrop) {
        double[] o = rgb(observed);
        double[] f = rgb(reference);
        double[] b = rgb(backdrop);
        double dot = 0;
        double len2 = 0;
        for (int c = 0; c < 3; c++) {
            dot += (o[c] - b[c]) * (f[c] - b[c]);
            len2 += (f[c] - b[c]) * (f[c] - b[c]);
        }
        if (len2 < MIN_CONTRAST * MIN_CONTRAST) {
            return observed;
        }
        double coverage = Math.max(0, Math.min(1, dot / len2));
        int result = 0xFF000000;
        for (int c = 0; c < 3; c++) {
            double clean = coverage < 1e-3 ? f[c] : (o[c] - (1 - coverage) * b[c]) / coverage;
            clean = Math.max(0, Math.min(255, clean));
            double value = coverage * clean + (1 - coverage) * f[c];
            result |= (int) Math.round(value) << (16 - 8 * c);
        }
        return result;
    }

    private static double[] rgb(int p) {
        return new double[] {p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF};
    }
}
