package dev.flowrun.bench;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.ModelFamily;
import dev.flowrun.cutout.model.ModelThreads;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.SegmentationModel;
import dev.flowrun.cutout.model.TestModel;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Scaler;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.TransformNode;
import java.awt.image.BufferedImage;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The model stage beside ONNX Runtime's bare {@code session.run}, side by side in one process, taking turns.
 *
 * <p>Bare: a session of its own with ONNX Runtime's DEFAULT session options (all graph optimisations; arena,
 * memory pattern and spinning left alone) and only the intra-op thread count set, run on the normalised tensor.
 * Model stage: the {@code removeBackground} node with the model ({@code method: model}, feather 1) as the service
 * compiles it, on the decoded picture: the model's input, inference, matte, edge colours, the full-size cut-out;
 * decoding and encoding excluded. The picture is scikit-image's coffee scaled to 1024×1024.
 *
 * <p>For each thread count (1 and every core): the medians of both, their ratio (goal ≤ 1.15), and the same with
 * two items at once (two threads calling at the same time, wall time per pair). Load averages before and after:
 * figures are only good on a quiet machine. Never a test. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.ModelSpeedBenchmark}
 * ({@code -Dbench.runs=5}, {@code -Dbench.warmup=2}, {@code -Dbench.threads=2} for one thread count only). The node
 * takes one look, as the bare run does; {@code -Dbench.secondLook=true} gives the second look's cost apart.
 *
 * <p>{@code -Dbench.megapixels=0.3,1,4,12} instead: the same photo scaled to each size (3:2), the node on it against
 * bare {@code session.run} on its model input, every core's threads, one item at a time; what is left after the
 * inference (model input, matte, edge colours, full-size cut-out) is the difference.
 */
public final class ModelSpeedBenchmark {
    /**
     * Warm-up rounds before the measured ones ({@code -Dbench.warmup}): with few, the JIT may still be compiling the
     * post-processing on the cores the inference uses while the first picture size is measured.
     */
    private static final int WARMUP = Integer.getInteger("bench.warmup", 2);
    private static final int SIZE = 1024;
    /**
     * The node's data: one look, as bare {@code session.run} takes one ({@code -Dbench.secondLook=true}: the second
     * look too, to see what it costs apart).
     */
    private static final String NODE = "{\"method\": \"model\", \"feather\": 1, \"secondLook\": "
            + Boolean.getBoolean("bench.secondLook") + "}";

    public static void main(String[] args) throws Exception {
        int runs = Integer.getInteger("bench.runs", 5);
        int cores = Runtime.getRuntime().availableProcessors();
        String only = System.getProperty("bench.threads");
        int[] threadCounts = only != null ? new int[] {Integer.parseInt(only)}
                : cores > 1 ? new int[] {1, cores} : new int[] {1};
        System.out.println("load average before: " + Machine.loadAverage() + "; ONNX Runtime " + OrtEnvironment.getEnvironment()
                .getVersion() + ", " + cores + " cores");
        BufferedImage photo = new ImageDecoder(50_000_000).decode(Photos.get(Photos.Source.SKIMAGE, "coffee.png"));
        BufferedImage image = Pixels.create(SIZE, SIZE, false);
        Scaler.resample(Pixels.readOnly(photo), photo.getWidth(), photo.getHeight(), Pixels.data(image), SIZE, SIZE,
                false);
        float[] tensor = tensor(image);
        Path file = TestModel.isnet();
        String megapixels = System.getProperty("bench.megapixels");
        if (megapixels != null) {
            bySize(photo, file, megapixels.split(","), runs, cores);
            return;
        }
        System.out.println("| intra-op threads | bare session.run, defaults | model stage (removeBackground) | ratio "
                + "| two at once: bare | two at once: model stage | ratio |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|");
        for (int threads : threadCounts) {
            try (SegmentationModel model = SegmentationModel.load(file, null, new ModelThreads(threads, 2));
                 OrtSession.SessionOptions defaults = new OrtSession.SessionOptions()) {
                defaults.setIntraOpNumThreads(threads);
                try (OrtSession bare = OrtEnvironment.getEnvironment().createSession(file.toString(), defaults)) {
                    TransformNode stage = (TransformNode) NodeCatalogue.standard(new ModelBackgroundRemover(model))
                            .find("removeBackground").orElseThrow()
                            .compile(new ObjectMapper().readTree(NODE));
                    Callable<Object> bareRun = () -> runBare(bare, tensor);
                    Callable<Object> stageRun = () -> stage.apply(image);
                    double[][] alone = takeTurns(bareRun, stageRun, runs, 1);
                    double[][] pairs = takeTurns(bareRun, stageRun, Math.max(2, runs / 2), 2);
                    double b = Machine.median(alone[0]);
                    double s = Machine.median(alone[1]);
                    double b2 = Machine.median(pairs[0]);
                    double s2 = Machine.median(pairs[1]);
                    System.out.printf(Locale.ROOT, "| %d | %.0f ms | %.0f ms | %.2f× | %.0f ms | %.0f ms | %.2f× |%n",
                            threads, b, s, s / b, b2, s2, s2 / b2);
                }
            }
        }
        System.out.println("load average after: " + Machine.loadAverage() + " (medians of " + runs + " runs alone and "
                + Math.max(2, runs / 2) + " pairs, after " + WARMUP + " warm-up rounds)");
    }

    /** The node at each size against bare session.run on that picture's model input, all cores, in turns. */
    private static void bySize(BufferedImage photo, Path file, String[] megapixels, int runs, int cores)
            throws Exception {
        System.out.println("| picture | bare session.run | removeBackground node (" + NODE + ") | ratio |");
        System.out.println("|---|---:|---:|---:|");
        try (SegmentationModel model = SegmentationModel.load(file, null, new ModelThreads(cores, 1));
             OrtSession.SessionOptions defaults = new OrtSession.SessionOptions()) {
            defaults.setIntraOpNumThreads(cores);
            defaults.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            TransformNode stage = (TransformNode) NodeCatalogue.standard(new ModelBackgroundRemover(model))
                    .find("removeBackground").orElseThrow()
                    .compile(new ObjectMapper().readTree(NODE));
            try (OrtSession bare = OrtEnvironment.getEnvironment().createSession(file.toString(), defaults)) {
                for (String mp : megapixels) {
                    double pixels = Double.parseDouble(mp.trim()) * 1e6;
                    int w = (int) Math.round(Math.sqrt(pixels * 1.5));
                    int h = (int) Math.round(w / 1.5);
                    BufferedImage picture = Pixels.create(w, h, false);
                    Scaler.resample(Pixels.readOnly(photo), photo.getWidth(), photo.getHeight(), Pixels.data(picture),
                            w, h, false);
                    BufferedImage square = Pixels.create(SIZE, SIZE, false);
                    Scaler.resample(Pixels.data(picture), w, h, Pixels.data(square), SIZE, SIZE, false);
                    float[] input = tensor(square);
                    double[][] alone = takeTurns(() -> runBare(bare, input), () -> stage.apply(picture), runs, 1);
                    double b = Machine.median(alone[0]);
                    double s = Machine.median(alone[1]);
                    System.out.printf(Locale.ROOT, "| %d×%d (%.1f MP) | %.0f ms | %.0f ms | %.2f× |%n", w, h,
                            w * h / 1e6, b, s, s / b);
                }
            }
        }
        System.out.println("load average after: " + Machine.loadAverage() + " (medians of " + runs + " runs after "
                + WARMUP + " warm-up rounds, " + cores + " threads)");
    }

    /** Alternates the two, {@code atOnce} calls of each at the same time; wall ms per round of each. */
    private static double[][] takeTurns(Callable<Object> first, Callable<Object> second, int rounds, int atOnce)
            throws Exception {
        double[][] ms = new double[2][rounds];
        ExecutorService pool = Executors.newFixedThreadPool(atOnce);
        try {
            for (int r = -WARMUP; r < rounds; r++) {
                for (int k = 0; k < 2; k++) {
                    Callable<Object> task = k == 0 ? first : second;
                    long t0 = System.nanoTime();
                    Future<?>[] running = new Future<?>[atOnce];
                    for (int i = 0; i < atOnce; i++) {
                        running[i] = pool.submit(task);
                    }
                    for (Future<?> f : running) {
                        f.get();
                    }
                    if (r >= 0) {
                        ms[k][r] = (System.nanoTime() - t0) / 1e6;
                    }
                }
            }
        } finally {
            pool.shutdown();
        }
        return ms;
    }

    private static Object runBare(OrtSession bare, float[] tensor) throws OrtException {
        try (OnnxTensor input = OnnxTensor.createTensor(OrtEnvironment.getEnvironment(), FloatBuffer.wrap(tensor),
                new long[] {1, 3, SIZE, SIZE});
             OrtSession.Result result = bare.run(Map.of(bare.getInputNames().iterator().next(), input))) {
            return result.get(0).getInfo();
        }
    }

    private static float[] tensor(BufferedImage image) {
        float[] tensor = new float[3 * SIZE * SIZE];
        int[] px = Pixels.readOnly(image);
        for (int i = 0; i < px.length; i++) {
            for (int c = 0; c < 3; c++) {
                tensor[c * px.length + i] = ModelFamily.ISNET.normalise(px[i] >> (16 - 8 * c) & 0xFF, c);
            }
        }
        return tensor;
    }


}
