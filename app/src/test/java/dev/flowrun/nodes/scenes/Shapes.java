package dev.flowrun.nodes.scenes;

/**
 * Subject outlines for generated product shots, as point-in-shape tests on continuous coordinates, so a
 * renderer can supersample them into exact coverage. Built from a few primitives the way product silhouettes are
 * (a bottle is a rounded body, a neck and a cap; a mug is a body and a handle with a hole).
 */
public final class Shapes {
    /** Whether the point (x, y), in pixels, lies inside. */
    @FunctionalInterface
    public interface Shape {
        boolean contains(double x, double y);

        default Shape or(Shape other) {
            return (x, y) -> contains(x, y) || other.contains(x, y);
        }

        default Shape minus(Shape other) {
            return (x, y) -> contains(x, y) && !other.contains(x, y);
        }
    }

    private Shapes() {
    }

    public static Shape ellipse(double cx, double cy, double rx, double ry) {
        return (x, y) -> {
            double u = (x - cx) / rx;
            double v = (y - cy) / ry;
            return u * u + v * v <= 1;
        };
    }

    /** Axis-aligned rectangle from (x0, y0) to (x1, y1) with corners rounded by {@code r}. */
    public static Shape roundedRect(double x0, double y0, double x1, double y1, double r) {
        return (x, y) -> {
            if (x < x0 || x > x1 || y < y0 || y > y1) {
                return false;
            }
            double dx = Math.max(0, Math.max(x0 + r - x, x - (x1 - r)));
            double dy = Math.max(0, Math.max(y0 + r - y, y - (y1 - r)));
            return dx * dx + dy * dy <= r * r;
        };
    }

    /** {@code shape} turned by {@code radians} about (cx, cy). */
    public static Shape rotated(Shape shape, double radians, double cx, double cy) {
        double cos = Math.cos(-radians);
        double sin = Math.sin(-radians);
        return (x, y) -> {
            double dx = x - cx;
            double dy = y - cy;
            return shape.contains(cx + dx * cos - dy * sin, cy + dx * sin + dy * cos);
        };
    }

    /** A bottle standing with its base centred at (cx, base): body, shoulder, neck and cap. */
    public static Shape bottle(double cx, double base, double width, double height) {
        double bodyTop = base - height * 0.62;
        Shape body = roundedRect(cx - width / 2, bodyTop, cx + width / 2, base, width * 0.18);
        Shape shoulder = ellipse(cx, bodyTop + width * 0.05, width / 2, width * 0.28);
        double neckW = width * 0.32;
        Shape neck = roundedRect(cx - neckW / 2, base - height * 0.92, cx + neckW / 2, bodyTop, neckW * 0.2);
        double capW = neckW * 1.2;
        Shape cap = roundedRect(cx - capW / 2, base - height, cx + capW / 2, base - height * 0.88, capW * 0.12);
        return body.or(shoulder).or(neck).or(cap);
    }

    /** A mug centred at (cx, cy) with its handle on the right; the handle encloses a hole of backdrop. */
    public static Shape mug(double cx, double cy, double width, double height) {
        Shape body = roundedRect(cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2, width * 0.08);
        double hx = cx + width / 2;
        Shape outer = ellipse(hx, cy, width * 0.33, height * 0.34);
        Shape inner = ellipse(hx, cy, width * 0.2, height * 0.22);
        return body.or(outer.minus(inner));
    }

    /** A ring (annulus) centred at (cx, cy). */
    public static Shape ring(double cx, double cy, double inner, double outer) {
        return ellipse(cx, cy, outer, outer).minus(ellipse(cx, cy, inner, inner));
    }

    /** A picture frame: a rectangle with a rectangular window. */
    public static Shape frame(double cx, double cy, double width, double height, double border) {
        double x0 = cx - width / 2;
        double y0 = cy - height / 2;
        return roundedRect(x0, y0, x0 + width, y0 + height, 2)
                .minus(roundedRect(x0 + border, y0 + border, x0 + width - border, y0 + height - border, 1));
    }

    /** A sneaker-like silhouette: a long sole, a rounded upper and a heel. */
    public static Shape shoe(double cx, double base, double length, double height) {
        Shape sole = roundedRect(cx - length / 2, base - height * 0.22, cx + length / 2, base, height * 0.1);
        Shape upper = ellipse(cx - length * 0.05, base - height * 0.35, length * 0.42, height * 0.42);
        Shape heel = roundedRect(cx - length / 2, base - height, cx - length * 0.18, base - height * 0.2,
                height * 0.15);
        return sole.or(upper).or(heel);
    }
}
