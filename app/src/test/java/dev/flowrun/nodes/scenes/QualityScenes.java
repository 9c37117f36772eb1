package dev.flowrun.nodes.scenes;

import dev.flowrun.nodes.scenes.Backdrops.Backdrop;
import dev.flowrun.nodes.scenes.SceneRenderer.Render;
import dev.flowrun.nodes.scenes.SceneRenderer.Setup;
import dev.flowrun.nodes.scenes.SceneRenderer.Surface;
import dev.flowrun.nodes.scenes.Subjects.Subject;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generated product shots with exact subject masks, one group per situation background removal meets in batch
 * product photography. Deterministic for a seed, so a benchmark run or a test sees the same images every time.
 */
public final class QualityScenes {

    /** The situations; {@code data} is the removeBackground node data the case is run with. */
    public enum Case {
        PLAIN("plain backdrop", "{}"),
        GRADIENT("graded backdrop (sweep, vignette)", "{}"),
        TEXTURED("lightly textured backdrop (paper, fabric)", "{}"),
        SHADOW("soft shadow on the backdrop", "{}"),
        TOUCHING_EDGE("subject cut by the image border", "{}"),
        HOLES("holes (mug handle, ring, frame)", "{}"),
        LIGHT_ON_WHITE("light subject on near-white", "{}"),
        JPEG("JPEG artefacts (quality 50–75)", "{}"),
        SOFT_EDGES("soft, defocused outline", "{}"),
        FEATHER("feather 6", "{\"feather\": 6}"),
        TOLERANCE("tolerance 24 instead of automatic", "{\"tolerance\": 24}"),
        /** Reported on its own line, outside the totals: what a colour-based method cannot do. */
        GRAY_BESIDE_SHADOW("known limit: gray subject beside its own shadow, on white", "{}", true);

        public final String description;
        public final String data;
        public final boolean knownLimit;

        Case(String description, String data) {
            this(description, data, false);
        }

        Case(String description, String data, boolean knownLimit) {
            this.description = description;
            this.data = data;
            this.knownLimit = knownLimit;
        }
    }

    /** {@code mask}: the subject covers at least half the pixel. {@code subject}: its own colour there. */
    public record Scene(Case kind, String name, BufferedImage image, boolean[] mask, float[] cover, int[] subject) {
    }

    private static final int[] LIGHT_BACKDROPS = {0xFFFFFF, 0xF7F7F7, 0xEEEEEE, 0xF3F1EC};
    private static final int[] OTHER_BACKDROPS = {0xD8DEE6, 0xF2D7D5, 0x3A3A3A, 0xDCE8D5};
    private static final int[] LIGHT_SUBJECTS = {0xE0E0E0, 0xEDE3CF, 0xDCE5EE, 0xE9DCDF, 0xE4E9DC};
    private static final int[] GRAY_SUBJECTS = {0x909090, 0xA8A8A8, 0xB4B4B4, 0xC8C8C8};

    private QualityScenes() {
    }

    /** {@code perCase} scenes of every case, {@code width}×{@code height} pixels. */
    public static List<Scene> generate(int width, int height, int perCase, long seed) {
        List<Scene> scenes = new ArrayList<>();
        for (Case kind : Case.values()) {
            for (int n = 0; n < perCase; n++) {
                Random r = new Random(seed * 1_000_003L + kind.ordinal() * 1009L + n);
                scenes.add(scene(kind, n, width, height, r));
            }
        }
        return scenes;
    }

    private static Scene scene(Case kind, int n, int w, int h, Random r) {
        double size = h * (0.45 + 0.25 * r.nextDouble());
        double cx = w * (0.4 + 0.2 * r.nextDouble());
        double cy = h * (0.45 + 0.1 * r.nextDouble());
        Subject subject = switch (kind) {
            case HOLES -> Subjects.withHole(r, cx, cy, size);
            case TOUCHING_EDGE -> touchingEdge(r, w, h, size);
            default -> Subjects.solid(r, cx, cy, size);
        };
        int backdropColour = kind == Case.LIGHT_ON_WHITE || kind == Case.GRAY_BESIDE_SHADOW || r.nextInt(3) > 0
                ? pick(r, LIGHT_BACKDROPS) : pick(r, OTHER_BACKDROPS);
        Backdrop backdrop = switch (kind) {
            case GRADIENT -> r.nextBoolean()
                    ? Backdrops.linear(backdropColour, darker(backdropColour, 0.25 + 0.15 * r.nextDouble()),
                    Math.PI / 2 + (r.nextDouble() - 0.5), w, h)
                    : Backdrops.vignette(backdropColour, darker(backdropColour, 0.3), w, h);
            case TEXTURED -> Backdrops.textured(Backdrops.flat(backdropColour), w, h, 3 + 3 * r.nextDouble(),
                    1.5 + 1.5 * r.nextDouble(), r.nextLong());
            case LIGHT_ON_WHITE -> Backdrops.flat(0xF6F6F6 + 0x010101 * r.nextInt(10));
            default -> Backdrops.flat(backdropColour);
        };
        // A label cut by the border would be backdrop-coloured and touch the backdrop: no method could keep it.
        boolean labelled = kind != Case.TOUCHING_EDGE;
        Surface surface = switch (kind) {
            case LIGHT_ON_WHITE -> Subjects.surface(r, subject, pick(r, LIGHT_SUBJECTS), 0.06, true, false, false);
            // A third of the shadows fall beside a neutral gray subject: the shadow's own colour, only sharper.
            case SHADOW -> Subjects.surface(r, subject, n % 3 == 2 ? 0xB4B4B4 : contrasting(r, backdropColour),
                    0.15, false, true, labelled);
            case GRAY_BESIDE_SHADOW -> Subjects.surface(r, subject, pick(r, GRAY_SUBJECTS), 0.15, false, false,
                    false);
            default -> Subjects.surface(r, subject, contrasting(r, backdropColour), 0.15, false, true, labelled);
        };
        float[] shadow = kind == Case.SHADOW || kind == Case.GRAY_BESIDE_SHADOW ? shadow(r, subject, w, h) : null;
        double blur = kind == Case.SOFT_EDGES ? 1.2 + 1.3 * r.nextDouble() : 0;
        double noise = kind == Case.LIGHT_ON_WHITE ? 1.2 : 1.5 + 1.5 * r.nextDouble();
        int jpeg = kind == Case.JPEG ? 50 + r.nextInt(26) : 0;
        Render render = SceneRenderer.render(new Setup(w, h, subject.shape(), surface, backdrop, shadow, blur, noise,
                jpeg, r.nextLong()));
        boolean[] mask = new boolean[w * h];
        for (int i = 0; i < mask.length; i++) {
            mask[i] = render.cover()[i] >= 0.5f;
        }
        String name = kind.name().toLowerCase() + "-" + n + "-" + subject.name();
        return new Scene(kind, name, render.image(), mask, render.cover(), render.subject());
    }

    /** A subject crossing the bottom or a side of the frame, as in close-ups and cropped shots. */
    private static Subject touchingEdge(Random r, int w, int h, double size) {
        return switch (r.nextInt(3)) {
            case 0 -> Subjects.solid(r, w * 0.5, h - size * 0.3, size * 1.2); // cut at the bottom
            case 1 -> Subjects.solid(r, size * 0.25, h * 0.5, size * 1.1); // cut on the left
            default -> Subjects.solid(r, w - size * 0.2, h - size * 0.2, size * 1.1); // cut at a corner
        };
    }

    /** A contact shadow under the subject, or its silhouette cast aside and softened; 20–35% darker at most. */
    private static float[] shadow(Random r, Subject s, int w, int h) {
        double strength = 0.2 + 0.15 * r.nextDouble();
        float[] dark = new float[w * h];
        if (r.nextBoolean()) {
            double rx = s.width() * 0.65;
            double ry = Math.max(6, s.height() * 0.08);
            for (int y = 0, i = 0; y < h; y++) {
                for (int x = 0; x < w; x++, i++) {
                    double u = (x - s.cx()) / rx;
                    double v = (y - s.y1()) / ry;
                    dark[i] = (float) Math.exp(-2 * (u * u + v * v));
                }
            }
        } else {
            int dx = (int) (s.width() * (0.08 + 0.1 * r.nextDouble())) * (r.nextBoolean() ? 1 : -1);
            int dy = (int) (s.height() * (0.04 + 0.06 * r.nextDouble()));
            float[] cover = SceneRenderer.coverage(s.shape(), w, h);
            float[] moved = new float[w * h];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int sx = x - dx;
                    int sy = y - dy;
                    moved[y * w + x] = sx >= 0 && sy >= 0 && sx < w && sy < h ? cover[sy * w + sx] : 0;
                }
            }
            dark = GaussianBlur.of(moved, w, h, 6 + 8 * r.nextDouble());
        }
        float[] lit = new float[w * h];
        for (int i = 0; i < lit.length; i++) {
            lit[i] = (float) (1 - strength * dark[i]);
        }
        return lit;
    }

    /** A product colour clearly different from the backdrop (at least 60 levels in some channel). */
    private static int contrasting(Random r, int backdrop) {
        while (true) {
            int c = pick(r, Subjects.PRODUCT_COLOURS);
            int diff = 0;
            for (int s = 16; s >= 0; s -= 8) {
                diff = Math.max(diff, Math.abs((c >> s & 0xFF) - (backdrop >> s & 0xFF)));
            }
            if (diff >= 60) {
                return c;
            }
        }
    }

    private static int darker(int rgb, double amount) {
        return Backdrops.mix(rgb, 0x000000, amount);
    }

    private static int pick(Random r, int[] options) {
        return options[r.nextInt(options.length)];
    }
}
