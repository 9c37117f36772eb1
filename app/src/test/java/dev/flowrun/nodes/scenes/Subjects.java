package dev.flowrun.nodes.scenes;

import dev.flowrun.nodes.scenes.SceneRenderer.Surface;
import dev.flowrun.nodes.scenes.Shapes.Shape;

import java.util.Random;

/**
 * Random product subjects: an outline with its bounding box, and a surface that is not flat (shading across the
 * object, sometimes a specular highlight or a printed label, which may well be the backdrop's colour).
 */
final class Subjects {
    /** A shape with the box it roughly fills, for shading and for placing a shadow. */
    record Subject(String name, Shape shape, double x0, double y0, double x1, double y1) {
        double cx() {
            return (x0 + x1) / 2;
        }

        double width() {
            return x1 - x0;
        }

        double height() {
            return y1 - y0;
        }
    }

    static final int[] PRODUCT_COLOURS = {
            0xC0282D, 0x1F4E9C, 0x2E7D32, 0x202124, 0x6D4C41, 0xF2A900, 0x7B1FA2, 0x00838F, 0x37474F, 0xE65100,
            0x8D9BA8, 0xAD1457};

    private Subjects() {
    }

    /** A random solid product (no holes) about {@code size} pixels tall, centred on (cx, cy). */
    static Subject solid(Random r, double cx, double cy, double size) {
        return switch (r.nextInt(4)) {
            case 0 -> new Subject("bottle", Shapes.bottle(cx, cy + size / 2, size * 0.38, size),
                    cx - size * 0.19, cy - size / 2, cx + size * 0.19, cy + size / 2);
            case 1 -> new Subject("shoe", Shapes.shoe(cx, cy + size * 0.3, size * 1.5, size * 0.6),
                    cx - size * 0.75, cy - size * 0.3, cx + size * 0.75, cy + size * 0.3);
            case 2 -> {
                double angle = (r.nextDouble() - 0.5) * 0.6;
                Shape box = Shapes.rotated(Shapes.roundedRect(cx - size * 0.4, cy - size / 2, cx + size * 0.4,
                        cy + size / 2, size * 0.04), angle, cx, cy);
                yield new Subject("box", box, cx - size * 0.55, cy - size * 0.6, cx + size * 0.55, cy + size * 0.6);
            }
            default -> new Subject("ball", Shapes.ellipse(cx, cy, size / 2, size / 2),
                    cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2);
        };
    }

    /** A random subject that encloses backdrop: a mug's handle, a ring, a frame. */
    static Subject withHole(Random r, double cx, double cy, double size) {
        return switch (r.nextInt(3)) {
            case 0 -> new Subject("mug", Shapes.mug(cx - size * 0.15, cy, size * 0.7, size * 0.8),
                    cx - size * 0.5, cy - size * 0.4, cx + size * 0.45, cy + size * 0.4);
            case 1 -> new Subject("ring", Shapes.ring(cx, cy, size * (0.25 + 0.1 * r.nextDouble()), size / 2),
                    cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2);
            default -> new Subject("frame", Shapes.frame(cx, cy, size * 1.1, size * 0.85, size * 0.12),
                    cx - size * 0.55, cy - size * 0.43, cx + size * 0.55, cy + size * 0.43);
        };
    }

    /**
     * The subject's surface: {@code base} shaded by up to ±{@code shading} across the box along a random
     * direction ({@code darkenOnly} keeps it at or below the base, as a white object on white is seen), plus
     * optionally a highlight or (when {@code labelled}) a printed label.
     */
    static Surface surface(Random r, Subject s, int base, double shading, boolean darkenOnly, boolean extras,
                           boolean labelled) {
        double angle = r.nextDouble() * 2 * Math.PI;
        double dx = Math.cos(angle);
        double dy = Math.sin(angle);
        double half = Math.max(s.width(), s.height()) / 2;
        boolean highlight = extras && r.nextBoolean();
        boolean label = extras && labelled && !highlight && r.nextBoolean();
        int labelColour = r.nextBoolean() ? 0xFFFFFF : 0xF4EBD0;
        double hx = s.x0() + s.width() * 0.33;
        double hy = s.y0() + s.height() * 0.3;
        double hr = Math.min(s.width(), s.height()) * 0.1;
        Shape labelShape = Shapes.roundedRect(s.cx() - s.width() * 0.22, s.y0() + s.height() * 0.55,
                s.cx() + s.width() * 0.22, s.y0() + s.height() * 0.75, 2);
        return (x, y) -> {
            double t = ((x - s.cx()) * dx + (y - (s.y0() + s.y1()) / 2) * dy) / half; // about -1..1
            double f = darkenOnly ? 1 - shading * (t + 1) / 2 : 1 + shading * t;
            int rgb = scale(base, f);
            if (label && labelShape.contains(x + 0.5, y + 0.5)) {
                boolean text = ((int) (x / 3) % 2 == 0) && Math.abs(y - (s.y0() + s.height() * 0.65)) < 3;
                return text ? 0x303030 : labelColour;
            }
            if (highlight) {
                double d2 = ((x - hx) * (x - hx) + (y - hy) * (y - hy)) / (hr * hr);
                if (d2 < 1) {
                    return Backdrops.mix(rgb, 0xFFFFFF, 0.85 * (1 - d2));
                }
            }
            return rgb;
        };
    }

    private static int scale(int rgb, double f) {
        int out = 0;
        for (int s = 16; s >= 0; s -= 8) {
            out |= (int) Math.max(0, Math.min(255, Math.round((rgb >> s & 0xFF) * f))) << s;
        }
        return out;
    }
}
