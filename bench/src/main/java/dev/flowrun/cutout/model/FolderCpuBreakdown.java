package dev.flowrun.cutout.model;

import com.sun.management.OperatingSystemMXBean;
import dev.flowrun.bench.BareCutout;
import dev.flowrun.bench.Machine;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.PngEncoder;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Where a folder's CPU goes, step by step, per photo: the steps of the command line's item (decode, the model's input
 * and guide, the inference, the first look's signals, the post-processing, the PNG) or those of the bare program
 * ({@code BareCutout}: ImageIO's decode, Java 2D's scaling and the tensor, the inference, the mask scaled back,
 * ImageIO's PNG; its session is flowrun's, whose options are the bare program's), over the same photos, in a fresh
 * JVM per side as the command and the bare program each are. Each
 * step's CPU is the whole process's (user + system) while it runs: its pool threads, ONNX Runtime's and the JIT
 * compiling it included, which on a shared machine other work does not inflate as it does the wall. Pass 1 is a
 * fresh JVM's (what a folder of 20 costs), pass 2 the same photos again, warm. Never a test. Run with
 * {@code java -cp bench/target/classes:$(cat bench/target/classpath.txt)
 * dev.flowrun.cutout.model.FolderCpuBreakdown flowrun|bare <model.onnx> <photo>...}.
 */
public final class FolderCpuBreakdown {
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final Map<String, long[]> cpu = new LinkedHashMap<>();
    private final Map<String, long[]> wall = new LinkedHashMap<>();
    private final int photos;
    private int photo;
    private long cpuMark;
    private long wallMark;

    private FolderCpuBreakdown(int photos) {
        this.photos = photos;
    }

    public static void main(String[] args) throws Exception {
        boolean bare = args[0].equals("bare");
        Path model = Path.of(args[1]);
        List<Path> files = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            files.add(Path.of(args[i]));
        }
        System.out.printf("%s, %d photos, load average %s, %d cores%n", bare ? "bare program" : "flowrun's item",
                files.size(), Machine.loadAverage(), Runtime.getRuntime().availableProcessors());
        long loadCpu = OS.getProcessCpuTime();
        try (SegmentationModel segmentation = SegmentationModel.load(model, null, ModelThreads.of(
                Runtime.getRuntime().availableProcessors()))) {
            System.out.printf("start and model load: CPU %.2f s%n", (OS.getProcessCpuTime() - loadCpu) / 1e9);
            for (int pass = 1; pass <= 2; pass++) {
                FolderCpuBreakdown steps = new FolderCpuBreakdown(files.size());
                for (Path file : files) {
                    steps.begin();
                    if (bare) {
                        steps.bare(segmentation, file);
                    } else {
                        steps.flowrun(segmentation, file);
                    }
                    steps.photo++;
                }
                steps.print(pass);
            }
        }
        System.out.printf("load average after: %s%n", Machine.loadAverage());
    }

    private void flowrun(SegmentationModel model, Path file) throws Exception {
        BufferedImage image = new ImageDecoder(50_000_000).decode(file);
        step("decode");
        Looks.Inference timed = input -> {
            step("model input and guide");
            try {
                return model.predict(input);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                step("inference");
            }
        };
        var remover = new ModelBackgroundRemover(ModelLoad.of(model), ModelBackgroundRemover.Edges.GUIDED,
                Looks.Scheme.ONE, timed);
        Looks looks = remover.looks(image);
        step("first look's signals");
        var cutout = remover.fromLooks(image, looks, 0);
        step("post-processing (haze, trimap, filter, colours, compose)");
        var png = new ByteArrayOutputStream();
        PngEncoder.write(cutout.image(), png);
        step("PNG (flowrun's encoder)");
    }

    private void bare(SegmentationModel model, Path file) throws Exception {
        BufferedImage photo = ImageIO.read(file.toFile());
        step("decode");
        float[] t = BareCutout.modelInput(photo);
        step("model input (Java 2D scale, tensor)");
        float[] mask = model.predict(t);
        step("inference");
        BufferedImage cut = BareCutout.cutOut(photo, mask);
        step("mask scaled back, composed");
        ImageIO.write(cut, "png", new ByteArrayOutputStream());
        step("PNG (ImageIO)");
    }

    private void begin() {
        cpuMark = OS.getProcessCpuTime();
        wallMark = System.nanoTime();
    }

    /** Ends the step {@code name} of this photo: the process's CPU and the wall since the last mark. */
    private void step(String name) {
        long nowCpu = OS.getProcessCpuTime();
        long nowWall = System.nanoTime();
        cpu.computeIfAbsent(name, k -> new long[photos])[photo] += nowCpu - cpuMark;
        wall.computeIfAbsent(name, k -> new long[photos])[photo] += nowWall - wallMark;
        cpuMark = nowCpu;
        wallMark = nowWall;
    }

    private void print(int pass) {
        System.out.printf(Locale.ROOT, "%npass %d (%s), load average %s%n| step | CPU ms per photo, mean | median |"
                + " wall ms per photo, mean | CPU s, all photos |%n|---|---:|---:|---:|---:|%n", pass,
                pass == 1 ? "a fresh JVM" : "warm", Machine.loadAverage());
        long totalCpu = 0;
        long totalWall = 0;
        for (var step : cpu.entrySet()) {
            long[] c = step.getValue();
            long[] w = wall.get(step.getKey());
            long sum = java.util.Arrays.stream(c).sum();
            long wallSum = java.util.Arrays.stream(w).sum();
            totalCpu += sum;
            totalWall += wallSum;
            System.out.printf(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.2f |%n", step.getKey(), sum / 1e6 / photos,
                    Machine.median(java.util.Arrays.stream(c).mapToDouble(v -> v / 1e6).toArray()),
                    wallSum / 1e6 / photos, sum / 1e9);
        }
        System.out.printf(Locale.ROOT, "| **all** | %.0f | | %.0f | %.2f |%n", totalCpu / 1e6 / photos,
                totalWall / 1e6 / photos, totalCpu / 1e9);
    }
}
