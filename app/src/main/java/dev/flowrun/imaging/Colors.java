package dev.flowrun.imaging;

import java.util.OptionalInt;

/** Colour parsing and compositing on packed non-premultiplied ARGB ints. */
public final class Colors {
    public static final int WHITE = 0xFFFFFFFF;

    private Colors() {
    }

    /**
     * Parses {@code #RRGGBB} (opaque) or, when {@code allowAlpha}, {@code #RRGGBBAA}; hex digits in any case.
     * Returns the packed ARGB colour, or empty if the text does not have that shape.
     */
    public static OptionalInt parseHex(String text, boolean allowAlpha) {
        if (text == null || text.isEmpty() || text.charAt(0) != '#') {
            return OptionalInt.empty();
        }
        int digits = text.length() - 1;
        if (digits != 6 && !(allowAlpha && digits == 8)) {
            return OptionalInt.empty();
        }
        long value = 0;
        for (int i = 1; i < text.length(); i++) {
            int d = Character.digit(text.charAt(i), 16);
            if (d < 0) {
                return OptionalInt.empty();
            }
            value = (value << 4) | d;
        }
        int v = (int) value;
        return OptionalInt.of(digits == 6 ? 0xFF000000 | v : (v >>> 8) | (v << 24));
    }

    /** {@code src} over {@code dst} (Porter-Duff), both non-premultiplied; the result is non-premultiplied. */
    public static int over(int src, int dst) {
        int sa = src >>> 24;
        if (sa == 255) {
            return src;
        }
        if (sa == 0) {
            return dst;
        }
        int da = dst >>> 24;
        if (da == 255) {
            return 0xFF000000 | blend(src, dst, sa);
        }
        // General case: out alpha = sa + da(1 - sa), colours weighted by their contribution.
        int dw = da * (255 - sa); // scaled by 255
        int oa255 = sa * 255 + dw; // out alpha scaled by 255
        int r = ((src >> 16 & 0xFF) * sa * 255 + (dst >> 16 & 0xFF) * dw + oa255 / 2) / oa255;
        int g = ((src >> 8 & 0xFF) * sa * 255 + (dst >> 8 & 0xFF) * dw + oa255 / 2) / oa255;
        int b = ((src & 0xFF) * sa * 255 + (dst & 0xFF) * dw + oa255 / 2) / oa255;
        return ((oa255 + 127) / 255) << 24 | r << 16 | g << 8 | b;
    }

    /**
     * Writes every pixel of {@code argb} composited over an opaque colour into {@code out} (alpha 255);
     * {@code alpha} false means the source's top byte is meaningless and every pixel is opaque.
     */
    public static void flatten(int[] argb, boolean alpha, int opaque, int[] out) {
        for (int i = 0; i < argb.length; i++) {
            out[i] = alpha ? flatten(argb[i], opaque) : argb[i] | 0xFF000000;
        }
    }

    /** One non-premultiplied ARGB pixel composited over an opaque colour; alpha 255. */
    public static int flatten(int argb, int opaque) {
        int a = argb >>> 24;
        return a == 255 ? argb : 0xFF000000 | blend(argb, opaque, a);
    }

    /** RGB of {@code src} weighted by {@code a}/255 plus {@code dst} by the rest; alpha bits are zero. */
    private static int blend(int src, int dst, int a) {
        int na = 255 - a;
        int r = ((src >> 16 & 0xFF) * a + (dst >> 16 & 0xFF) * na + 127) / 255;
        int g = ((src >> 8 & 0xFF) * a + (dst >> 8 & 0xFF) * na + 127) / 255;
        int b = ((src & 0xFF) * a + (dst & 0xFF) * na + 127) / 255;
        return r << 16 | g << 8 | b;
    }
}
