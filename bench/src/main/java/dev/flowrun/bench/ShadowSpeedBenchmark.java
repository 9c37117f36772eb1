package dev.flowrun.bench;

import dev.flowrun.nodes.FrameSides;
import dev.flowrun.nodes.Picture;
import dev.flowrun.nodes.PictureTransform;
import dev.flowrun.nodes.RemoteImages;
import dev.flowrun.nodes.TransformNode;
import dev.flowrun.nodes.scenes.QualityScenes;
import java.awt.image.BufferedImage;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;

/**
 * What a {@code shadow} costs beside a classic cut-out of the same photo (contract §4: at most a tenth), at
 * 1200×800 and at 3000×2000, measured in one process back to back: per round every scene is cut out, then given a
 * contact shadow, then a drop shadow, each timed by this thread's CPU time (other processes on the machine stretch
 * the wall clock, not that). Medians over the rounds after warm-up. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.ShadowSpeedBenchmark}.
 */
public final class ShadowSpeedBenchmark {
    private static final int SCENES = 4;
    private static final int WARM_UP = 5;
    private static final int ROUNDS = 15;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        System.out.printf(Locale.ROOT, "%d cores, Java %s, load average %s%n%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), Machine.loadAverage());
        System.out.println("| size | classic cut-out | contact shadow | ratio | drop shadow | ratio | drop, blur 60 "
                + "| ratio | goal |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---|");
        for (int[] size : List.of(new int[] {1200, 800}, new int[] {3000, 2000})) {
            measure(size[0], size[1]);
        }
        System.out.printf(Locale.ROOT, "%nThread CPU ms per image, median of %d rounds of %d scenes; load average "
                + "%s at the end.%n", ROUNDS, SCENES, Machine.loadAverage());
    }

    private static void measure(int width, int height) throws Exception {
        List<QualityScenes.Scene> scenes = QualityScenes.generate(width, height, 1, 90).subList(0, SCENES);
        TransformNode classic = (TransformNode) ImageTemplates.node("removeBackground", "{\"method\": \"classic\"}");
        PictureTransform contact = (PictureTransform) ImageTemplates.node("shadow", "{\"type\": \"contact\"}");
        PictureTransform drop = (PictureTransform) ImageTemplates.node("shadow", "{\"type\": \"drop\"}");
        PictureTransform wide = (PictureTransform) ImageTemplates.node("shadow",
                "{\"type\": \"drop\", \"blur\": 60}");
        double[][] ms = new double[4][ROUNDS];
        for (int round = 0; round < WARM_UP + ROUNDS; round++) {
            double[] sums = new double[4];
            for (QualityScenes.Scene scene : scenes) {
                BufferedImage[] cutout = new BufferedImage[1];
                sums[0] += cpuMillis(() -> cutout[0] = classic.apply(scene.image()));
                Picture picture = new Picture(cutout[0], FrameSides.NONE, null, RemoteImages.NONE);
                sums[1] += cpuMillis(() -> contact.transform(picture));
                sums[2] += cpuMillis(() -> drop.transform(picture));
                sums[3] += cpuMillis(() -> wide.transform(picture));
            }
            if (round >= WARM_UP) {
                for (int k = 0; k < 4; k++) {
                    ms[k][round - WARM_UP] = sums[k] / SCENES;
                }
            }
        }
        double cut = Machine.median(ms[0]);
        double c = Machine.median(ms[1]);
        double d = Machine.median(ms[2]);
        double w = Machine.median(ms[3]);
        System.out.printf(Locale.ROOT, "| %d×%d | %.1f ms | %.1f ms | %.1f%% | %.1f ms | %.1f%% | %.1f ms | %.1f%% "
                + "| ≤ 10%% |%n", width, height, cut, c, 100 * c / cut, d, 100 * d / cut, w, 100 * w / cut);
    }

    private interface Work {
        void run() throws Exception;
    }

    private static double cpuMillis(Work work) throws Exception {
        long start = THREADS.getCurrentThreadCpuTime();
        work.run();
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e6;
    }


}
