package dev.flowrun.imaging;

import dev.flowrun.work.WorkBudget;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * Separable resampling with a triangle (tent) filter: bilinear when enlarging and, when shrinking, a tent
 * widened to the scale factor so every source pixel contributes (no nearest-neighbour aliasing or moiré).
 * Works in premultiplied alpha so transparent pixels' arbitrary colours cannot bleed into visible edges.
 * Rows are produced one at a time (vertical pass into a single float row, then horizontal), so memory beyond the
 * source and result is one row.
 */
public final class Scaler {
    private Scaler() {
    }

    /** A new image of exactly {@code width}×{@code height}, keeping alpha if the source has it. */
    public static BufferedImage scale(BufferedImage source, int width, int height) throws ResultTooLarge {
        Pixels.checkResultSize(width, height);
        int w = source.getWidth();
        int h = source.getHeight();
        boolean alpha = Pixels.hasAlpha(source);
        if (w == width && h == height) {
            return Pixels.copy(source);
        }
        BufferedImage result = Pixels.create(width, height, alpha);
        resample(Pixels.readOnly(source), w, h, Pixels.data(result), width, height, alpha);
        return result;
    }

    /** Scales down (never up) to fit inside {@code boxW}×{@code boxH}, keeping the aspect ratio. */
    public static BufferedImage fitInside(BufferedImage source, int boxW, int boxH) throws ResultTooLarge {
        int w = source.getWidth();
        int h = source.getHeight();
        double s = Math.min(1.0, Math.min((double) boxW / w, (double) boxH / h));
        return scale(source, clampRound(w * s, boxW), clampRound(h * s, boxH));
    }

    /** Rounds a scaled size, never below 1 or above {@code max}. */
    public static int clampRound(double size, int max) {
        return (int) Math.max(1, Math.min(max, Math.round(size)));
    }

    public static void resample(int[] src, int w, int h, int[] dst, int tw, int th, boolean alpha) {
        resample(src, w, h, dst, tw, th, alpha, 0, th);
    }

    /** {@link #resample} with the output's rows in parallel ({@link ParallelRows}): the same pixels. */
    public static void resampleInParallel(int[] src, int w, int h, int[] dst, int tw, int th, boolean alpha) {
        ParallelRows.run(th, 16, (from, to) -> resample(src, w, h, dst, tw, th, alpha, from, to));
    }

    /**
     * An opaque picture at its own size is itself: one tap of weight 1 per pixel, so the weighted sum is the channel
     * and rounds back to it.
     */
    private static boolean copied(int[] src, int w, int h, int[] dst, int tw, int th, boolean alpha, int fromRow,
                                  int toRow) {
        if (alpha || tw != w || th != h) {
            return false;
        }
        for (int i = fromRow * w; i < toRow * w; i++) {
            dst[i] = 0xFF000000 | src[i];
        }
        return true;
    }

    /**
     * One opaque picture resampled to two sizes at once, the rows of both in parallel: each chunk makes the same share
     * of either output's rows (about the same source rows), taking the two outputs' rows in the order of the source
     * rows they read, so each source row is unpacked once for both. The same pixels as two {@link #resample}s.
     */
    public static void resampleTwiceInParallel(int[] src, int w, int h, boolean alpha, int[] dst1, int tw1, int th1,
                                               int[] dst2, int tw2, int th2) {
        if (alpha || tw1 == w && th1 == h || tw2 == w && th2 == h) {
            resampleInParallel(src, w, h, dst1, tw1, th1, alpha);
            resampleInParallel(src, w, h, dst2, tw2, th2, alpha);
            return;
        }
        Taps xs1 = Taps.of(w, tw1);
        Taps ys1 = Taps.of(h, th1);
        Taps xs2 = Taps.of(w, tw2);
        Taps ys2 = Taps.of(h, th2);
        int n = Math.max(th1, th2);
        ParallelRows.run(n, 16, (from, to) -> {
            Output first = new Output(src, w, dst1, tw1, false, xs1, ys1);
            Output second = new Output(src, w, dst2, tw2, false, xs2, ys2);
            SourceRows rows = new SourceRows(src, w, ys1.mostTaps() + ys2.mostTaps() + 2);
            int y1 = (int) ((long) from * th1 / n);
            int end1 = (int) ((long) to * th1 / n);
            int y2 = (int) ((long) from * th2 / n);
            int end2 = (int) ((long) to * th2 / n);
            while (y1 < end1 || y2 < end2) {
                if (y2 >= end2 || y1 < end1 && first.firstSource(y1) <= second.firstSource(y2)) {
                    first.row(y1++, rows);
                } else {
                    second.row(y2++, rows);
                }
            }
        });
    }

    /** Output rows {@code [fromRow, toRow)} of {@link #resample}. */
    private static void resample(int[] src, int w, int h, int[] dst, int tw, int th, boolean alpha, int fromRow,
                                 int toRow) {
        if (copied(src, w, h, dst, tw, th, alpha, fromRow, toRow)) {
            return;
        }
        Output out = new Output(src, w, dst, tw, alpha, Taps.of(w, tw), Taps.of(h, th));
        SourceRows rows = alpha ? null : new SourceRows(src, w, out.ys.mostTaps() + 1);
        for (int y = fromRow; y < toRow; y++) {
            out.row(y, rows);
        }
    }

    /**
     * One output's rows, each from a row per channel (not interleaved). An opaque source row comes unpacked to floats
     * from {@link SourceRows}, kept while the output rows that read it are made (two or more each): the weighted sums
     * are then loops over float arrays, which the JIT vectorises, with the same float operations in the same order
     * as unpacking at every tap.
     */
    private static final class Output {
        private final int[] src;
        private final int w;
        private final int[] dst;
        private final int tw;
        private final boolean alpha;
        private final Taps xs;
        final Taps ys;
        private final float[] red;
        private final float[] green;
        private final float[] blue;
        private final float[] opacity;

        Output(int[] src, int w, int[] dst, int tw, boolean alpha, Taps xs, Taps ys) {
            this.src = src;
            this.w = w;
            this.dst = dst;
            this.tw = tw;
            this.alpha = alpha;
            this.xs = xs;
            this.ys = ys;
            this.red = new float[w];
            this.green = new float[w];
            this.blue = new float[w];
            this.opacity = alpha ? new float[w] : null;
        }

        /** The first source row output row {@code y} reads. */
        int firstSource(int y) {
            return ys.index[ys.offset[y]];
        }

        /** Output row {@code y}; {@code rows} null with alpha. */
        void row(int y, SourceRows rows) {
            WorkBudget.check();
            Arrays.fill(red, 0f);
            Arrays.fill(green, 0f);
            Arrays.fill(blue, 0f);
            if (alpha) {
                Arrays.fill(opacity, 0f);
            }
            for (int t = ys.offset[y], end = ys.offset[y + 1]; t < end; t++) {
                float weight = ys.weight[t];
                if (alpha) {
                    accumulateRow(src, ys.index[t] * w, w, weight, red, green, blue, opacity);
                } else {
                    float[][] row = rows.get(ys.index[t]);
                    add(row[0], weight, red);
                    add(row[1], weight, green);
                    add(row[2], weight, blue);
                }
            }
            int out = y * tw;
            for (int x = 0; x < tw; x++) {
                float a = 0, r = 0, g = 0, b = 0;
                for (int t = xs.offset[x], end = xs.offset[x + 1]; t < end; t++) {
                    int i = xs.index[t];
                    float wt = xs.weight[t];
                    r += red[i] * wt;
                    g += green[i] * wt;
                    b += blue[i] * wt;
                    if (alpha) {
                        a += opacity[i] * wt;
                    }
                }
                dst[out + x] = alpha
                        ? unpremultiply(r, g, b, a)
                        : 0xFF000000 | clamp(r) << 16 | clamp(g) << 8 | clamp(b);
            }
        }
    }

    /** {@code sum += channel · weight}, element by element. */
    private static void add(float[] channel, float weight, float[] sum) {
        for (int x = 0; x < sum.length; x++) {
            sum[x] += channel[x] * weight;
        }
    }

    /** The last few opaque source rows asked for, unpacked to a float row per channel. */
    private static final class SourceRows {
        private final int[] src;
        private final int w;
        private final int[] which;
        private final float[][][] rows;

        /** {@code kept}: more than the source rows one output row reads, so those are all kept at once. */
        SourceRows(int[] src, int w, int kept) {
            this.src = src;
            this.w = w;
            this.which = new int[kept];
            Arrays.fill(which, -1);
            this.rows = new float[kept][3][w];
        }

        float[][] get(int index) {
            int slot = index % which.length;
            float[][] row = rows[slot];
            if (which[slot] != index) {
                float[] red = row[0];
                float[] green = row[1];
                float[] blue = row[2];
                for (int x = 0, i = index * w; x < w; x++, i++) {
                    int p = src[i];
                    red[x] = p >> 16 & 0xFF;
                    green[x] = p >> 8 & 0xFF;
                    blue[x] = p & 0xFF;
                }
                which[slot] = index;
            }
            return row;
        }
    }

    /** Adds one source row with alpha, weighted and premultiplied, into the channel rows. */
    private static void accumulateRow(int[] src, int start, int w, float weight, float[] red, float[] green,
                                      float[] blue, float[] opacity) {
        for (int x = 0; x < w; x++) {
            int p = src[start + x];
            int a = p >>> 24;
            if (a == 0) {
                continue;
            }
            float wa = weight * a / 255f;
            red[x] += (p >> 16 & 0xFF) * wa;
            green[x] += (p >> 8 & 0xFF) * wa;
            blue[x] += (p & 0xFF) * wa;
            opacity[x] += a * weight;
        }
    }

    private static int unpremultiply(float r, float g, float b, float a) {
        int ai = clamp(a);
        if (ai == 0) {
            return 0;
        }
        float k = 255f / a;
        return ai << 24 | clamp(r * k) << 16 | clamp(g * k) << 8 | clamp(b * k);
    }

    private static int clamp(float v) {
        int i = Math.round(v);
        return i < 0 ? 0 : Math.min(255, i);
    }

    /** For each output index, the source indices and normalised weights contributing to it (CSR layout). */
    private static final class Taps {
        final int[] offset;
        final int[] index;
        final float[] weight;

        private Taps(int[] offset, int[] index, float[] weight) {
            this.offset = offset;
            this.index = index;
            this.weight = weight;
        }

        /** The most source indices one output index reads. */
        int mostTaps() {
            int most = 0;
            for (int o = 0; o + 1 < offset.length; o++) {
                most = Math.max(most, offset[o + 1] - offset[o]);
            }
            return most;
        }

        static Taps of(int in, int out) {
            double scale = (double) out / in;
            double radius = scale < 1 ? 1 / scale : 1; // in source pixels
            int maxTaps = (int) Math.ceil(radius * 2) + 2;
            int[] offset = new int[out + 1];
            int[] index = new int[out * maxTaps];
            float[] weight = new float[out * maxTaps];
            int n = 0;
            for (int o = 0; o < out; o++) {
                offset[o] = n;
                double centre = (o + 0.5) / scale - 0.5; // pixel centres aligned, not corners
                int lo = (int) Math.ceil(centre - radius);
                int hi = (int) Math.floor(centre + radius);
                double sum = 0;
                int first = n;
                for (int j = lo; j <= hi; j++) {
                    double wt = 1 - Math.abs(j - centre) / radius;
                    if (wt <= 0) {
                        continue;
                    }
                    int clamped = Math.max(0, Math.min(in - 1, j)); // edge pixels repeat outward
                    if (n > first && index[n - 1] == clamped) {
                        weight[n - 1] += (float) wt;
                    } else {
                        index[n] = clamped;
                        weight[n] = (float) wt;
                        n++;
                    }
                    sum += wt;
                }
                if (n == first) { // only possible for degenerate sizes; fall back to the nearest pixel
                    index[n] = Math.max(0, Math.min(in - 1, (int) Math.round(centre)));
                    weight[n++] = 1;
                    sum = 1;
                }
                for (int t = first; t < n; t++) {
                    weight[t] /= (float) sum;
                }
            }
            offset[out] = n;
            return new Taps(offset, index, weight);
        }
    }
}
