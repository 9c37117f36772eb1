package dev.flowrun.cutout.model;

import ai.onnxruntime.OrtSession;
import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.Cutout;
import dev.flowrun.cutout.CutoutFailed;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ISNet remover of the in-process model tests ({@link TestModel#loaded()}), with the model's answer to each input
 * kept: several tests cut out the same photograph (at another feather, to judge something else, or through the
 * service), and one inference takes seconds on two cores. The answer is keyed by the input tensor's digest, so a
 * photograph decoded or scaled any differently is inferred anew; the cut-out is then made by
 * {@link ModelBackgroundRemover}'s own code from that answer, as its {@code remove} does.
 *
 * <p>The test JVMs of one build share the answers through files in {@code flowrun.modelAnswers} (the build
 * directory's {@code model-answers}, set by {@code app/pom.xml}): a photograph is inferred once per build, by the
 * first JVM that needs it, while another that needs it waits on its lock. The files' names also digest the model
 * file (path, size, time), {@code SegmentationModel}'s own class and the ONNX Runtime jar, so a build that keeps its
 * build directory never reads an answer of another model or of other inference code. Without the property the
 * answers are kept in memory for the JVM.
 */
public final class CachingModelRemover implements BackgroundRemover {
    private static final Map<String, float[]> IN_MEMORY = new ConcurrentHashMap<>();
    private static final String SHARED = System.getProperty("flowrun.modelAnswers", "");
    /** File locks belong to the JVM, not to a thread: this JVM's threads take their turns here first. */
    private static final Object THIS_JVM = new Object();
    private static byte[] modelIdentity;

    private final SegmentationModel model = TestModel.loaded();
    private final ModelBackgroundRemover direct = new ModelBackgroundRemover(model);
    private ModelBackgroundRemover remover;

    /** With the second look, as the service's default. */
    public CachingModelRemover() {
        this(true);
    }

    /**
     * One look: the cut-out's pixels come from the first look alone, so tests of the pixels need no mirrored
     * inference (half the model time of the build); tests of the confidence take the second look.
     */
    public static CachingModelRemover oneLook() {
        return new CachingModelRemover(false);
    }

    public CachingModelRemover(boolean secondLook) {
        remover = new ModelBackgroundRemover(ModelLoad.of(model), ModelBackgroundRemover.Edges.GUIDED,
                Looks.Scheme.MIRRORED_AND_CROP, this::answer);
        if (!secondLook) {
            remover = remover.withoutSecondLook();
        }
    }

    @Override
    public Cutout remove(BufferedImage image, OptionalInt tolerance, int feather) throws CutoutFailed {
        return remover.remove(image, tolerance, feather);
    }

    @Override
    public BackgroundRemover withoutSecondLook() {
        return new CachingModelRemover(false);
    }

    /** The remover itself, answering from the kept answers (for the calibration's looks and signals). */
    ModelBackgroundRemover remover() {
        return remover;
    }

    /** The model's answer to one input tensor: kept, or inferred and kept. */
    float[] answer(float[] input) {
        String key = digest(input);
        return SHARED.isBlank() ? IN_MEMORY.computeIfAbsent(key, k -> infer(input)).clone()
                : shared(Path.of(SHARED), key, input);
    }

    /**
     * The answer from the shared folder, or inferred and put there. One inference at a time in the build: two test
     * JVMs inferring at once each get half the cores while ONNX Runtime's threads spin waiting for theirs, so both
     * take more than twice as long; the JVM that waits here sleeps.
     */
    private float[] shared(Path folder, String key, float[] input) {
        Path file = folder.resolve(key + ".f32");
        synchronized (THIS_JVM) {
            try {
                Files.createDirectories(folder);
                try (FileChannel answerFile = lockFile(folder.resolve(key + ".lock"));
                     FileLock answer = answerFile.lock()) {
                    if (Files.exists(file)) {
                        return read(file);
                    }
                    float[] probability;
                    try (FileChannel inferenceFile = lockFile(folder.resolve("inference.lock"));
                         FileLock inference = inferenceFile.lock()) {
                        probability = infer(input);
                    }
                    write(probability, file);
                    return probability;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static FileChannel lockFile(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    }

    private float[] infer(float[] input) {
        try {
            return direct.infer(input);
        } catch (CutoutFailed e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static float[] read(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        float[] answer = new float[bytes.remaining() / Float.BYTES];
        bytes.asFloatBuffer().get(answer);
        return answer;
    }

    /** Written beside the file and renamed into place: a reader never sees half an answer. */
    private static void write(float[] answer, Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(answer.length * Float.BYTES);
        bytes.asFloatBuffer().put(answer);
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.write(partial, bytes.array());
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private String digest(float[] input) {
        MessageDigest sha = sha256();
        ByteBuffer bytes = ByteBuffer.allocate(input.length * Float.BYTES);
        bytes.asFloatBuffer().put(input);
        sha.update(bytes.array());
        sha.update(modelIdentity());
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The model file, the inference code and the ONNX Runtime the answers came from. */
    private static synchronized byte[] modelIdentity() {
        if (modelIdentity != null) {
            return modelIdentity;
        }
        Path file = TestModel.isnet().toAbsolutePath();
        try (InputStream code = SegmentationModel.class.getResourceAsStream("SegmentationModel.class")) {
            MessageDigest sha = sha256();
            sha.update((file + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file).toMillis() + "|"
                    + OrtSession.class.getProtectionDomain().getCodeSource().getLocation())
                    .getBytes(StandardCharsets.UTF_8));
            sha.update(code.readAllBytes());
            return modelIdentity = sha.digest();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
