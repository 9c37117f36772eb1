package dev.flowrun.cutout.model;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * One ONNX segmentation model loaded into one ONNX Runtime session, shared by every worker: {@code session.run}
 * is safe to call from several threads at once. Loaded once at start, so a missing, unreadable or unsuitable file
 * stops start-up ({@link ModelUnavailable}) rather than failing the first item that needs it.
 */
public final class SegmentationModel implements AutoCloseable {
    private final Path file;
    private final OrtSession session;
    private final String inputName;
    private final ModelFamily family;
    private final ModelThreads threads;
    private final Semaphore runs;

    private SegmentationModel(Path file, OrtSession session, String inputName, ModelFamily family,
                              ModelThreads threads) {
        this.file = file;
        this.session = session;
        this.inputName = inputName;
        this.family = family;
        this.threads = threads;
        this.runs = new Semaphore(threads.runsAtOnce(), true);
    }

    /**
     * @param family  null to recognise the family from the model's input shape
     * @param threads threads per run and runs at once
     */
    public static SegmentationModel load(Path file, ModelFamily family, ModelThreads threads) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new ModelUnavailable("the segmentation model " + file + " does not exist or cannot be read");
        }
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        OrtSession session;
        try (OrtSession.SessionOptions options = sessionOptions(threads)) {
            session = environment.createSession(file.toString(), options);
        } catch (OrtException | RuntimeException e) {
            throw new ModelUnavailable("the segmentation model " + file + " could not be loaded by ONNX Runtime: "
                    + firstLine(e.getMessage()));
        }
        try {
            Map.Entry<String, NodeInfo> input = session.getInputInfo().entrySet().iterator().next();
            long[] shape = input.getValue().getInfo() instanceof TensorInfo t ? t.getShape() : new long[0];
            ModelFamily chosen = family != null ? family : ModelFamily.fromInputShape(shape);
            if (chosen == null) {
                throw new ModelUnavailable("the segmentation model " + file + " takes an input of shape "
                        + java.util.Arrays.toString(shape) + ", neither ISNet's [1, 3, 1024, 1024] nor U²-Net's "
                        + "[1, 3, 320, 320]: set FLOWRUN_BG_MODEL_FAMILY to say how to feed it");
            }
            return new SegmentationModel(file, session, input.getKey(), chosen, threads);
        } catch (OrtException | RuntimeException e) {
            closeQuietly(session);
            throw e instanceof ModelUnavailable m ? m : new ModelUnavailable("the segmentation model " + file
                    + " could not be inspected: " + firstLine(e.getMessage()));
        }
    }

    /**
     * The options flowrun runs a model with: ONNX Runtime's defaults (all graph optimisations, the CPU arena,
     * memory patterns) with an intra-op pool of {@code threads.pool()} whose threads spin while waiting only when
     * {@code threads.spinning()}. Runs in flight share the pool.
     * The arena keeps what a run needed for the next one: with the model's fixed input size it stops growing after
     * the first runs, at (runs at once) × one run's activations. Turning it off made every run 3× slower for 13%
     * less memory; see {@code docs/background-removal.md}.
     */
    static OrtSession.SessionOptions sessionOptions(ModelThreads threads) throws OrtException {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setIntraOpNumThreads(threads.pool());
        options.addConfigEntry("session.intra_op.allow_spinning", threads.spinning() ? "1" : "0");
        options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
        return options;
    }

    public ModelFamily family() {
        return family;
    }

    /**
     * Runs the model on one input, {@code family().size()}² pixels as NCHW floats already normalised
     * ({@link ModelInput}), and returns the foreground probability per pixel, row-major, 0..1.
     */
    public float[] predict(float[] input) throws OrtException, InterruptedException {
        int size = family.size();
        float[] mask = new float[size * size];
        runs.acquire();
        // The process has one environment, the one the session was created in.
        try (OnnxTensor tensor = OnnxTensor.createTensor(OrtEnvironment.getEnvironment(), FloatBuffer.wrap(input),
                new long[] {1, 3, size, size});
             OrtSession.Result result = session.run(Map.of(inputName, tensor))) {
            OnnxValue first = result.get(0);
            if (!(first instanceof OnnxTensor out) || out.getInfo().getNumElements() < mask.length) {
                throw new OrtException("the model's first output is not a " + size + "×" + size + " mask");
            }
            FloatBuffer values = out.getFloatBuffer();
            values.get(mask, 0, mask.length); // channel 0 of [1, C, size, size]
        } finally {
            runs.release();
        }
        scale(mask, family.output());
        return mask;
    }

    /** Brings raw output values to 0..1 per the family's rule. */
    static void scale(float[] mask, ModelFamily.Output output) {
        if (output == ModelFamily.Output.PROBABILITY) {
            for (int i = 0; i < mask.length; i++) {
                mask[i] = Math.max(0f, Math.min(1f, mask[i]));
            }
            return;
        }
        float min = Float.POSITIVE_INFINITY;
        float max = Float.NEGATIVE_INFINITY;
        for (float v : mask) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        float range = max - min;
        for (int i = 0; i < mask.length; i++) {
            mask[i] = range > 1e-6f ? (mask[i] - min) / range : 0f;
        }
    }

    @Override
    public void close() {
        closeQuietly(session);
    }

    private static void closeQuietly(OrtSession session) {
        try {
            session.close();
        } catch (OrtException e) {
            // nothing left to do with a session being discarded
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }

    @Override
    public String toString() {
        return file + " (" + family.name() + ", " + family.size() + "×" + family.size() + ", "
                + threads.pool() + " thread" + (threads.pool() == 1 ? "" : "s") + " shared by at most "
                + threads.runsAtOnce() + " run" + (threads.runsAtOnce() == 1 ? "" : "s") + " at once"
                + (threads.spinning() ? "" : ", not spinning") + ")";
    }
}
