package dev.flowrun.bench;

import dev.flowrun.nodes.TransformNode;
import dev.flowrun.nodes.scenes.QualityScenes;
import dev.flowrun.nodes.scenes.QualityScenes.Scene;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The edge colours of a cut-out put on a new background, measured as the generated-scenes report measures a cut-out's
 * (QualityReport): over the outline's mixed pixels (true cover 0.1–0.9), the mean max-channel distance between what
 * {@code background} gives and the true subject colour laid over the new colour at the true cover. Beside it, the
 * same for the input's own colours under the cut-out's alpha (no cleaning): the halo of the old backdrop that a naive
 * compositing would show. Classic method, generated scenes. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.BackgroundEdgeBenchmark}.
 */
public final class BackgroundEdgeBenchmark {
    private static final int[] BACKDROPS = {0xFFFFFFFF, 0xFF00A040, 0xFF202020};

    public static void main(String[] args) throws Exception {
        List<Scene> scenes = QualityScenes.generate(800, 600, Integer.getInteger("bench.perCase", 3), 2026);
        System.out.printf(Locale.ROOT, "load average %s, %d scenes of 800×600, classic method%n%n", loadAverage(),
                scenes.size());
        System.out.println("| case | new background | edge error, background node | edge error, input colours "
                + "under the alpha |");
        System.out.println("|---|---|---:|---:|");
        Map<QualityScenes.Case, double[]> sums = new EnumMap<>(QualityScenes.Case.class);
        double[] all = new double[3 * BACKDROPS.length];
        for (Scene scene : scenes) {
            TransformNode cut = (TransformNode) ImageTemplates.node("removeBackground", scene.kind().data);
            BufferedImage cutout = cut.apply(scene.image());
            double[] row = sums.computeIfAbsent(scene.kind(), k -> new double[3 * BACKDROPS.length]);
            for (int b = 0; b < BACKDROPS.length; b++) {
                String color = String.format("#%06X", BACKDROPS[b] & 0xFFFFFF);
                TransformNode background = (TransformNode) ImageTemplates.node("background",
                        "{\"color\": \"" + color + "\"}");
                double[] e = errors(scene, cutout, background.apply(cutout), BACKDROPS[b]);
                row[3 * b] += e[0];
                row[3 * b + 1] += e[1];
                row[3 * b + 2]++;
                all[3 * b] += e[0];
                all[3 * b + 1] += e[1];
                all[3 * b + 2]++;
            }
        }
        for (Map.Entry<QualityScenes.Case, double[]> e : sums.entrySet()) {
            print(e.getKey().name().toLowerCase(Locale.ROOT), e.getValue());
        }
        print("**all**", all);
    }

    private static void print(String name, double[] row) {
        for (int b = 0; b < BACKDROPS.length; b++) {
            System.out.printf(Locale.ROOT, "| %s | #%06X | %.1f | %.1f |%n", name, BACKDROPS[b] & 0xFFFFFF,
                    row[3 * b] / row[3 * b + 2], row[3 * b + 1] / row[3 * b + 2]);
        }
    }

    /** {node's edge error, naive edge error} over the scene's mixed outline pixels that the cut-out kept. */
    private static double[] errors(Scene scene, BufferedImage cutout, BufferedImage onNew, int backdrop) {
        int w = cutout.getWidth();
        int[] cut = cutout.getRGB(0, 0, w, cutout.getHeight(), null, 0, w);
        int[] out = onNew.getRGB(0, 0, w, onNew.getHeight(), null, 0, w);
        int[] in = scene.image().getRGB(0, 0, w, cutout.getHeight(), null, 0, w);
        double node = 0;
        double naive = 0;
        int edge = 0;
        for (int i = 0; i < cut.length; i++) {
            float c = scene.cover()[i];
            int a = cut[i] >>> 24;
            if (c > 0.1f && c < 0.9f && a > 0) {
                int truth = mix(scene.subject()[i], backdrop, c);
                node += difference(out[i], truth);
                naive += difference(mix(in[i], backdrop, a / 255f), truth);
                edge++;
            }
        }
        return edge == 0 ? new double[] {0, 0} : new double[] {node / edge, naive / edge};
    }

    private static int mix(int front, int back, float cover) {
        int out = 0xFF000000;
        for (int s = 16; s >= 0; s -= 8) {
            out |= Math.round((front >> s & 0xFF) * cover + (back >> s & 0xFF) * (1 - cover)) << s;
        }
        return out;
    }

    private static int difference(int a, int b) {
        int d = 0;
        for (int s = 16; s >= 0; s -= 8) {
            d = Math.max(d, Math.abs((a >> s & 0xFF) - (b >> s & 0xFF)));
        }
        return d;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim().split(" ")[0];
        } catch (Exception e) {
            return "unknown";
        }
    }
}
