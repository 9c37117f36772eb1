package dev.flowrun.cutout.model;

import dev.flowrun.bench.Machine;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Scaler;
import java.awt.image.BufferedImage;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the model cut-out's time goes besides the inference, step by step, at 0.3 MP, 1024², 4 MP and 12 MP (a real photo,
 * scikit-image's coffee, scaled; the model's answer taken once): each step of {@code ModelBackgroundRemover} run
 * alone in the order it runs them, wall, the calling thread's CPU and the CPU of the calling thread and the common
 * fork-join pool's together (a step's rows run on the pool's threads too: the step's whole CPU), then the whole post-processing as the node runs it (the edge colours beside the
 * guided filter). Medians after warm-up. Lives in the remover's package to call its steps; never a test. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java
 * -Dexec.mainClass=dev.flowrun.cutout.model.PostProcessingBenchmark} ({@code -Dbench.runs=7}).
 */
public final class PostProcessingBenchmark {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int WARMUP = 5;
    /** {@code -Dbench.sizes=671x447,4243x2828}: only these columns (a profile of one size). */
    private static final String ONLY = System.getProperty("bench.sizes", "");

    private PostProcessingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.getInteger("bench.runs", 7);
        System.out.println("load average before: " + Machine.loadAverage() + "; " + Runtime.getRuntime().availableProcessors()
                + " cores");
        BufferedImage photo = new ImageDecoder(50_000_000).decode(Photos.get(Photos.Source.SKIMAGE, "coffee.png"));
        float[] probability;
        try (SegmentationModel model = SegmentationModel.load(TestModel.isnet(), null, ModelThreads.of(
                Runtime.getRuntime().availableProcessors()))) {
            probability = model.predict(ModelInput.tensor(Pixels.readOnly(photo), photo.getWidth(),
                    photo.getHeight(), false, model.family()));
        }
        List<Map<String, double[]>> columns = new ArrayList<>();
        List<int[]> sizes = new ArrayList<>();
        StringBuilder header = new StringBuilder("| step, wall (this thread's CPU; CPU of this thread and the pool's) |");
        StringBuilder rule = new StringBuilder("|---|");
        for (int[] size : new int[][] {{671, 447}, {1024, 1024}, {2449, 1633}, {4243, 2828}}) {
            if (ONLY.isEmpty() || Arrays.asList(ONLY.split(",")).contains(size[0] + "x" + size[1])) {
                sizes.add(size);
                header.append(String.format(Locale.ROOT, " %d×%d, %.1f MP |", size[0], size[1],
                        size[0] * size[1] / 1e6));
                rule.append("---:|");
            }
        }
        System.out.println(header);
        System.out.println(rule);
        for (int[] size : sizes) {
            BufferedImage image = Pixels.create(size[0], size[1], false);
            Scaler.resample(Pixels.readOnly(photo), photo.getWidth(), photo.getHeight(), Pixels.data(image), size[0],
                    size[1], false);
            Map<String, List<double[]>> times = new LinkedHashMap<>();
            for (int r = -WARMUP; r < runs; r++) {
                Map<String, double[]> one = steps(image, probability);
                if (r >= 0) {
                    one.forEach((k, v) -> times.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
                }
            }
            Map<String, double[]> medians = new LinkedHashMap<>();
            times.forEach((k, v) -> medians.put(k, new double[] {median(v, 0), median(v, 1), median(v, 2)}));
            columns.add(medians);
        }
        for (String step : columns.get(0).keySet()) {
            StringBuilder row = new StringBuilder("| " + step + " |");
            for (Map<String, double[]> column : columns) {
                double[] t = column.get(step);
                row.append(step.startsWith("memory") ? String.format(Locale.ROOT, " %.0f MB |", t[0])
                        : String.format(Locale.ROOT, " %.0f ms (%.0f; %.0f) |", t[0], t[1], t[2]));
            }
            System.out.println(row);
        }
        System.out.println("load average after: " + Machine.loadAverage() + " (medians of " + runs + " runs after " + WARMUP
                + " warm-up runs)");
    }

    /** Each step alone, then the whole as the node runs it: name → {wall ms, this thread's CPU ms}. */
    private static Map<String, double[]> steps(BufferedImage image, float[] probability) {
        Map<String, double[]> out = new LinkedHashMap<>();
        int w = image.getWidth();
        int h = image.getHeight();
        int[] src = Pixels.readOnly(image);
        long[] t = now();
        int[] grid = ModelInput.workSize(w, h);
        int gw = grid[0];
        int gh = grid[1];
        int[] guide = ModelInput.tensorAndGuide(src, w, h, false, ModelFamily.ISNET, gw, gh).guide();
        t = lap(out, "model input and guide, one pass (before the inference)", t);
        float[] mask = PlaneRows.resample(probability, 1024, 1024, gw, gh);
        t = lap(out, "mask to the working grid", t);
        Trimap.Planes planes = Trimap.of(mask, gw, gh);
        t = lap(out, "trimap", t);
        ModelConfidence.of(mask, planes.values());
        t = lap(out, "confidence", t);
        float[] trimap = planes.values();
        for (int i = 0; i < mask.length; i++) {
            mask[i] = trimap[i] == Trimap.UNKNOWN ? mask[i] : trimap[i];
        }
        NearestColours colours = NearestColours.nearOutline(guide, planes, gw, gh);
        t = lap(out, "edge colours (NearestColours, near the outline)", t);
        GuidedFilter.Coefficients c = GuidedFilter.nearOutline(guide, mask, trimap, gw, gh, Math.max(1,
                Math.max(gw, gh) / 512), 1e-3f);
        t = lap(out, "guided filter (near the outline)", t);
        FullSizeCutout.compose(src, w, h, false, c, planes, colours, gw, gh, 1);
        t = lap(out, "full-size cut-out", t);
        new ModelBackgroundRemover((SegmentationModel) null).fromProbability(image, probability, 1024, 1);
        t = lap(out, "**all after the inference, as the node runs it**", t);
        ModelBackgroundRemover remover = new ModelBackgroundRemover(ModelLoad.of(null),
                ModelBackgroundRemover.Edges.GUIDED, Looks.Scheme.ONE, tensor -> probability.clone());
        long allocatedBefore = t[3];
        try {
            remover.fromLooks(image, Looks.first(image, ModelFamily.ISNET, tensor -> probability.clone()), 1);
        } catch (dev.flowrun.cutout.CutoutFailed e) {
            throw new IllegalStateException(e);
        }
        t = lap(out, "**everything the node does beyond session.run (one look)**", t);
        out.put("memory the node allocates beyond session.run", new double[] {
                (t[3] - allocatedBefore) / 1e6, (t[3] - allocatedBefore) / 1e6, (t[3] - allocatedBefore) / 1e6});
        return out;
    }

    private static long[] now() {
        return new long[] {System.nanoTime(), THREADS.getCurrentThreadCpuTime(), workCpu(), workAllocated()};
    }

    /** Bytes allocated by the same threads as {@link #workCpu}. */
    private static long workAllocated() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) THREADS;
        long sum = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("ForkJoinPool.commonPool-worker")) {
                sum += Math.max(0, threads.getThreadAllocatedBytes(info.getThreadId()));
            }
        }
        return sum;
    }

    /**
     * CPU nanoseconds of the threads that do the post-processing's work: this one and the common fork-join pool's
     * ({@code ParallelRows}); unlike the process's CPU, neither the JIT's nor the collector's threads, and to the
     * nanosecond rather than the scheduler's tick.
     */
    private static long workCpu() {
        long sum = THREADS.getCurrentThreadCpuTime();
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("ForkJoinPool.commonPool-worker")) {
                sum += Math.max(0, THREADS.getThreadCpuTime(info.getThreadId()));
            }
        }
        return sum;
    }

    private static long[] lap(Map<String, double[]> out, String step, long[] since) {
        long[] t = now();
        out.put(step, new double[] {(t[0] - since[0]) / 1e6, (t[1] - since[1]) / 1e6, (t[2] - since[2]) / 1e6});
        return t;
    }

    private static double median(List<double[]> values, int k) {
        double[] v = values.stream().mapToDouble(a -> a[k]).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }

}
