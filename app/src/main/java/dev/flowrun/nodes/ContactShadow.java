package dev.flowrun.nodes;

/**
 * The contact shadow's shade: a soft oval on the ground where the subject stands, as a product on a table casts
 * under diffuse light. It is as wide as the subject's footprint (its solid pixels in the lowest 5% of its height),
 * a tenth as deep, darkest on the line where the subject touches and fading over the blur radius. Drawn from its
 * formula over the oval's box only: no blur pass at all.
 */
final class ContactShadow {
    /** Alpha from which a pixel is the subject's own (as pad's placement counts it), not a fringe. */
    private static final int SOLID = 128;

    private ContactShadow() {
    }

    static ShadowCanvas.Mask mask(ShadowCanvas.Subject s, int radius) {
        int bottom = s.y1();
        while (bottom > s.y0() && !solidRow(s, bottom)) {
            bottom--;
        }
        int band = Math.max(1, (int) Math.round(0.05 * s.height()));
        int fx0 = s.x1();
        int fx1 = s.x0();
        for (int y = Math.max(s.y0(), bottom - band); y <= bottom; y++) {
            for (int x = s.x0(); x <= s.x1(); x++) {
                if (s.alpha(x, y) >= SOLID) {
                    fx0 = Math.min(fx0, x);
                    fx1 = Math.max(fx1, x);
                }
            }
        }
        if (fx1 < fx0) {
            fx0 = s.x0();
            fx1 = s.x1();
        }
        double core = (fx1 - fx0 + 1) / 2.0 * 1.05;
        double a = core + radius;
        double b = Math.max(1, 0.1 * core) + 0.6 * radius;
        double cx = (fx0 + fx1 + 1) / 2.0;
        double cy = bottom + 1;
        int left = Math.max(0, (int) Math.ceil(a - cx));
        int right = Math.max(0, (int) Math.ceil(cx + a) - s.w());
        int grow = Math.max(0, (int) Math.ceil(cy + b) - s.h());
        return new ShadowCanvas.Mask(left, 0, right, grow) {

            /** The oval's span on row {@code y}: only its rows, and on them only its columns, are worked out. */
            @Override
            int from(int y) {
                return inside(y) ? (int) Math.floor(cx + left - a) : 0;
            }

            @Override
            int to(int y) {
                return inside(y) ? (int) Math.ceil(cx + left + a) + 1 : 0;
            }

            private boolean inside(int y) {
                double v = (y + 0.5 - cy) / b;
                return v * v < 1;
            }

            /** A smooth bell over the oval: 255 on its centre line, 0 at its rim, no edge anywhere. */
            @Override
            void row(int y, int from, int to, int[] out) {
                double v = (y + 0.5 - cy) / b;
                double vv = v * v;
                double u = (from - left + 0.5 - cx) / a;
                double du = 1 / a;
                for (int x = from; x < to; x++, u += du) {
                    double d = u * u + vv;
                    out[x] = d >= 1 ? 0 : (int) (255 * (1 - d) * (1 - d) + 0.5);
                }
            }
        };
    }

    private static boolean solidRow(ShadowCanvas.Subject s, int y) {
        for (int x = s.x0(); x <= s.x1(); x++) {
            if (s.alpha(x, y) >= SOLID) {
                return true;
            }
        }
        return false;
    }
}
