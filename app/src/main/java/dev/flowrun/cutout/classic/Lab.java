package dev.flowrun.cutout.classic;

/**
 * sRGB → CIE L*a*b* (D65) for colour distances that roughly follow perception: plain RGB distance
 * under-weights differences among light colours, exactly where product shots on white need precision.
 * Table-driven (gamma and the cube root) because it runs for every pixel.
 */
final class Lab {
    private static final float[] LINEAR = new float[256];
    private static final int F_STEPS = 4096;
    private static final float[] F = new float[F_STEPS + 2];

    static {
        for (int i = 0; i < 256; i++) {
            double c = i / 255.0;
            LINEAR[i] = (float) (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
        }
        for (int i = 0; i < F.length; i++) {
            double t = (double) i / F_STEPS;
            F[i] = (float) (t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116);
        }
    }

    private Lab() {
    }

    /** Writes L, a, b of the packed RGB colour into {@code out[0..2]}. */
    static void of(int rgb, float[] out) {
        float r = LINEAR[rgb >> 16 & 0xFF];
        float g = LINEAR[rgb >> 8 & 0xFF];
        float b = LINEAR[rgb & 0xFF];
        float fx = f((0.4124564f * r + 0.3575761f * g + 0.1804375f * b) / 0.95047f);
        float fy = f(0.2126729f * r + 0.7151522f * g + 0.0721750f * b);
        float fz = f((0.0193339f * r + 0.1191920f * g + 0.9503041f * b) / 1.08883f);
        out[0] = 116 * fy - 16;
        out[1] = 500 * (fx - fy);
        out[2] = 200 * (fy - fz);
    }

    /** The Lab companding function by linear interpolation in a table; t is within [0, 1] here. */
    private static float f(float t) {
        float pos = Math.max(0, Math.min(1, t)) * F_STEPS;
        int i = (int) pos;
        float frac = pos - i;
        return F[i] + (F[i + 1] - F[i]) * frac;
    }
}
