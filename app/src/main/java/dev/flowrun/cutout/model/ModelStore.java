package dev.flowrun.cutout.model;

import java.nio.file.Path;

/** Where {@code model fetch} stores models and where the service looks for one when none is configured. */
public final class ModelStore {
    private ModelStore() {
    }

    /** {@code <data dir>/models}. */
    public static Path folder(Path dataDir) {
        return dataDir.resolve("models");
    }

    /** The model used when {@code FLOWRUN_BG_MODEL} is not set: {@code <data dir>/models/isnet.onnx}, if present. */
    public static Path defaultModel(Path dataDir) {
        return folder(dataDir).resolve("isnet.onnx");
    }
}
