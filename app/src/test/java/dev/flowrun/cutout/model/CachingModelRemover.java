package dev.flowrun.cutout.model;

import ai.onnxruntime.OrtException;
import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.Cutout;
import dev.flowrun.cutout.CutoutFailed;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ISNet remover of the in-process model tests ({@link TestModel#loaded()}), with the model's answer to each input
 * kept for the test JVM: several tests cut out the same photograph (at another feather, or to judge something else),
 * and one inference takes seconds on two cores. The answer is keyed by the input tensor's digest, so a photograph
 * decoded or scaled any differently is inferred anew; the cut-out is then made by {@link ModelBackgroundRemover}'s
 * own code from that answer, as its {@code remove} does.
 */
final class CachingModelRemover implements BackgroundRemover {
    private static final Map<String, float[]> ANSWERS = new ConcurrentHashMap<>();

    private final SegmentationModel model = TestModel.loaded();
    private final ModelBackgroundRemover remover = new ModelBackgroundRemover(model);

    @Override
    public Cutout remove(BufferedImage image, OptionalInt tolerance, int feather) throws CutoutFailed {
        float[] input = ModelInput.tensor(Pixels.readOnly(image), image.getWidth(), image.getHeight(),
                Pixels.hasAlpha(image), model.family());
        float[] probability = ANSWERS.computeIfAbsent(digest(input), key -> infer(input));
        return remover.fromProbability(image, probability.clone(), model.family().size(), feather);
    }

    private float[] infer(float[] input) {
        try {
            return model.predict(input);
        } catch (OrtException e) {
            throw new IllegalStateException("the segmentation model failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String digest(float[] input) {
        ByteBuffer bytes = ByteBuffer.allocate(input.length * Float.BYTES);
        bytes.asFloatBuffer().put(input);
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.array()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
