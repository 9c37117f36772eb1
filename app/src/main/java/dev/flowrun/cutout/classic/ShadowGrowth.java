package dev.flowrun.cutout.classic;


/**
 * Claims the subject's shadow on the backdrop as background. A shadow is the backdrop, darker: same chromaticity
 * (r:g:b proportions), at least {@value #MIN_LIGHT} of its brightness. Those tests alone would also take a gray
 * subject on white, so a shadow must also be soft:
 * <ul>
 * <li>it is grown from the backdrop through such pixels, and the whole region grown must fade into the
 *     backdrop: the backdrop pixels along its border are, on average, nearly as far from the backdrop colour as
 *     the threshold (a shadow crosses it gradually), where along an object's outline they are plain backdrop
 *     (the outline crosses it in one step). A region failing this is an object and stays;</li>
 * <li>and it must hold no edge: no pixel, with the region all around it, where brightness changes by more than
 *     {@value #MAX_SLOPE} levels per pixel (3×3 Sobel, which averages noise away). A soft penumbra is gentler
 *     than that. A region with edges inside holds a subject of the shadow's own tone (a gray or white product on
 *     white) next to its shadow; it stays whole, shadow included, rather than risk cutting into the subject.</li>
 * </ul>
 */
final class ShadowGrowth {
    static final double MIN_LIGHT = 0.5;
    private static final int GRID = 8;
    /**
     * A shadow fades: the backdrop pixels along its border are nearly at the threshold themselves (measured 0.74 to
     * 0.91 of it on average), while those along an object's outline are plain backdrop (0.28 to 0.43).
     */
    private static final double MIN_FADE = 0.6;
    /** Edge pixels a shadow may hold (noise), absolute and as a share of its border with the backdrop. */
    private static final int MIN_EDGES = 20;
    private static final double EDGE_SHARE = 0.01;
    /**
     * Steepest brightness slope, in levels per pixel, inside a shadow. Measured on generated shots: soft shadows
     * hold at most 13 pixels steeper than this, regions with a gray subject beside its shadow 31 to 1000.
     */
    static final int MAX_SLOPE = 13;
    /** Largest difference of r/(r+g+b) (and g, b) from the backdrop's that still counts as the same hue. */
    private static final double MAX_CHROMA = 0.02;

    private static final byte FOREGROUND = 0;
    private static final byte GROWING = 4;
    private static final byte REJECTED = 5;

    private final int[] src;
    private final boolean opaque;
    private final int w;
    private final int h;
    private final byte[] distance;
    /** The backdrop colour on a grid of {@value #GRID}-pixel cells: evaluating the model per pixel cost more. */
    private final int[] backdrop;
    private final int gridWidth;
    private final int threshold;
    private final byte[] state;
    private final int[] queue;

    /**
     * The backdrop as measured: its {@code model}, each pixel's {@code distance} from it and the {@code threshold}
     * of the flood, both in stored units (ΔE × {@value BackdropDistances#DISTANCE_SCALE}).
     */
    record Backdrop(BackgroundModel model, byte[] distance, int threshold) {
    }

    ShadowGrowth(int[] src, boolean opaque, int w, int h, Backdrop measured, byte[] state, int[] queue) {
        BackgroundModel model = measured.model();
        this.src = src;
        this.opaque = opaque;
        this.w = w;
        this.h = h;
        this.distance = measured.distance();
        this.gridWidth = (w + GRID - 1) / GRID;
        this.backdrop = new int[gridWidth * ((h + GRID - 1) / GRID)];
        for (int k = 0; k < backdrop.length; k++) {
            int cx = Math.min(w - 1, (k % gridWidth) * GRID + GRID / 2);
            int cy = Math.min(h - 1, (k / gridWidth) * GRID + GRID / 2);
            backdrop[k] = model.rgbAt(cx, cy);
        }
        this.threshold = measured.threshold();
        this.state = state;
        this.queue = queue;
    }

    void claim() {
        ByteGrid.scan(state, w, h, (i, x, y) -> {
            if (state[i] == FOREGROUND && touchesBackground(i, x, y) && shadowLike(i, x, y)) {
                grow(i);
            }
        });
        for (int i = 0; i < state.length; i++) {
            if (state[i] == REJECTED) {
                state[i] = FOREGROUND;
            }
        }
    }

    /** Grows one candidate region from {@code seed} and decides it: background, or rejected (foreground). */
    private void grow(int seed) {
        state[seed] = GROWING;
        queue[0] = seed;
        int tail = 1;
        long borderSum = 0;
        long borderCount = 0;
        for (int head = 0; head < tail; head++) {
            int i = queue[head];
            int x = i % w;
            int y = i / w;
            for (int k = 0; k < 4; k++) {
                int nx = x + (k == 0 ? -1 : k == 1 ? 1 : 0);
                int ny = y + (k == 2 ? -1 : k == 3 ? 1 : 0);
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
                    continue;
                }
                int j = ny * w + nx;
                byte s = state[j];
                if (Segmentation.isBackground(s)) {
                    borderSum += distance[j] & 0xFF;
                    borderCount++;
                } else if (s == FOREGROUND && shadowLike(j, nx, ny)) {
                    state[j] = GROWING;
                    queue[tail++] = j;
                }
            }
        }
        boolean fades = borderCount > 0 && borderSum >= MIN_FADE * threshold * borderCount;
        boolean shadow = fades && internalEdges(tail) <= Math.max(MIN_EDGES, EDGE_SHARE * borderCount);
        byte verdict = shadow ? Segmentation.background() : REJECTED;
        for (int k = 0; k < tail; k++) {
            state[queue[k]] = verdict;
        }
    }

    /**
     * Edge pixels inside the region in queue[0..size): on an edge, with all four neighbours in the region too. A
     * shadow has none (its only sharp side is against the subject, which is not in it); a region that also holds
     * a subject of the shadow's own tone has its outline against the shadow.
     */
    private int internalEdges(int size) {
        int count = 0;
        for (int k = 0; k < size; k++) {
            int i = queue[k];
            int x = i % w;
            int y = i / w;
            if (x > 0 && x < w - 1 && y > 0 && y < h - 1 && state[i - 1] == GROWING && state[i + 1] == GROWING
                    && state[i - w] == GROWING && state[i + w] == GROWING && onEdge(x, y)) {
                count++;
            }
        }
        return count;
    }

    private boolean touchesBackground(int i, int x, int y) {
        return x > 0 && Segmentation.isBackground(state[i - 1])
                || x < w - 1 && Segmentation.isBackground(state[i + 1])
                || y > 0 && Segmentation.isBackground(state[i - w])
                || y < h - 1 && Segmentation.isBackground(state[i + w]);
    }

    /** Darker than the backdrop there, by at most half, with the same r:g:b proportions. */
    private boolean shadowLike(int i, int x, int y) {
        int p = src[i];
        if (!opaque && (p >>> 24) < 128) {
            return false;
        }
        int m = backdrop[(y / GRID) * gridWidth + x / GRID];
        int r = p >> 16 & 0xFF;
        int g = p >> 8 & 0xFF;
        int b = p & 0xFF;
        int mr = m >> 16 & 0xFF;
        int mg = m >> 8 & 0xFF;
        int mb = m & 0xFF;
        int sum = r + g + b;
        int modelSum = mr + mg + mb;
        if (modelSum == 0 || sum > modelSum + 6 || sum < MIN_LIGHT * modelSum) {
            return false;
        }
        double inv = 1.0 / sum;
        double modelInv = 1.0 / modelSum;
        return Math.abs(r * inv - mr * modelInv) <= MAX_CHROMA
                && Math.abs(g * inv - mg * modelInv) <= MAX_CHROMA
                && Math.abs(b * inv - mb * modelInv) <= MAX_CHROMA;
    }

    /** Whether the 3×3 Sobel gradient of brightness (r + 2g + b) / 4 at (x, y) is steeper than allowed. */
    private boolean onEdge(int x, int y) {
        int xl = Math.max(0, x - 1);
        int xr = Math.min(w - 1, x + 1);
        int up = Math.max(0, y - 1) * w;
        int row = y * w;
        int down = Math.min(h - 1, y + 1) * w;
        int gx = brightness(up + xr) + 2 * brightness(row + xr) + brightness(down + xr)
                - brightness(up + xl) - 2 * brightness(row + xl) - brightness(down + xl);
        int gy = brightness(down + xl) + 2 * brightness(down + x) + brightness(down + xr)
                - brightness(up + xl) - 2 * brightness(up + x) - brightness(up + xr);
        // Sobel weighs a slope of s levels per pixel as 8s, and brightness is kept ×4 here.
        int limit = 8 * 4 * MAX_SLOPE;
        return gx * gx + gy * gy > limit * limit;
    }

    private int brightness(int i) {
        int p = src[i];
        return (p >> 16 & 0xFF) + 2 * (p >> 8 & 0xFF) + (p & 0xFF);
    }
}
