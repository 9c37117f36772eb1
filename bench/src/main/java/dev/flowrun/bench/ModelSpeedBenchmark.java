package dev.flowrun.bench;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.ModelFamily;
import dev.flowrun.cutout.model.ModelThreads;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.SegmentationModel;
import dev.flowrun.cutout.model.TestModel;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Scaler;
import java.awt.image.BufferedImage;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The model stage in ms per image at 1024², with 1 and 2 intra-op threads, beside ONNX Runtime's bare
 * {@code session.run} on the same tensor in the same process (a session of its own, same options), taking turns:
 * flowrun's pre- and post-processing should add at most 10%. A real photo (scikit-image's coffee) scaled to
 * 1024×1024. Never a test. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.ModelSpeedBenchmark}.
 */
public final class ModelSpeedBenchmark {
    private static final int WARMUP = 2;
    private static final int RUNS = 5;

    public static void main(String[] args) throws Exception {
        System.out.println("load average before: " + Files.readString(Path.of("/proc/loadavg")).trim());
        BufferedImage photo = new ImageDecoder(50_000_000).decode(Photos.get(Photos.Source.SKIMAGE, "coffee.png"));
        BufferedImage image = Pixels.create(1024, 1024, false);
        Scaler.resample(Pixels.readOnly(photo), photo.getWidth(), photo.getHeight(), Pixels.data(image), 1024, 1024,
                false);
        Path file = TestModel.isnet();
        System.out.println("| intra-op threads | bare session.run | removeBackground (model, feather 1) | overhead |");
        System.out.println("|---:|---:|---:|---:|");
        for (int threads : new int[] {1, 2}) {
            try (SegmentationModel model = SegmentationModel.load(file, null, new ModelThreads(threads, 1));
                 OrtSession.SessionOptions options = SegmentationModel.sessionOptions(threads);
                 OrtSession bare = OrtEnvironment.getEnvironment().createSession(file.toString(), options)) {
                ModelBackgroundRemover remover = new ModelBackgroundRemover(model);
                float[] tensor = new float[3 * 1024 * 1024];
                int[] px = Pixels.readOnly(image);
                for (int i = 0; i < px.length; i++) {
                    for (int c = 0; c < 3; c++) {
                        tensor[c * px.length + i] = ModelFamily.ISNET.normalise(px[i] >> (16 - 8 * c) & 0xFF, c);
                    }
                }
                double[] bareMs = new double[RUNS];
                double[] stageMs = new double[RUNS];
                for (int r = -WARMUP; r < RUNS; r++) {
                    long t0 = System.nanoTime();
                    try (OnnxTensor input = OnnxTensor.createTensor(OrtEnvironment.getEnvironment(),
                            FloatBuffer.wrap(tensor), new long[] {1, 3, 1024, 1024});
                         OrtSession.Result ignored = bare.run(Map.of("input", input))) {
                        long t1 = System.nanoTime();
                        remover.remove(image, OptionalInt.empty(), 1);
                        long t2 = System.nanoTime();
                        if (r >= 0) {
                            bareMs[r] = (t1 - t0) / 1e6;
                            stageMs[r] = (t2 - t1) / 1e6;
                        }
                    }
                }
                double b = median(bareMs);
                double s = median(stageMs);
                System.out.printf(Locale.ROOT, "| %d | %.0f ms | %.0f ms | %+.1f%% |%n", threads, b, s,
                        100 * (s - b) / b);
            }
        }
        System.out.println("load average after: " + Files.readString(Path.of("/proc/loadavg")).trim()
                + " (medians of " + RUNS + " runs after " + WARMUP + " warm-up runs)");
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
