package dev.flowrun.cutout.model;

import dev.flowrun.work.Background;
import java.nio.file.Path;

/**
 * A segmentation model loading on a thread of its own, so that the rest of a start (the database, its migrations,
 * the engine, the command line's inputs) goes on meanwhile: ONNX Runtime takes one to several seconds over ISNet.
 * {@link #get} waits for it and throws what loading threw ({@link ModelUnavailable}), so the start that joins it
 * before it serves fails as a start that loaded the model first would.
 */
public final class ModelLoad implements AutoCloseable {
    private final Background<SegmentationModel> loading;

    private ModelLoad(Background<SegmentationModel> loading) {
        this.loading = loading;
    }

    /**
     * Starts loading {@code file} on a new daemon thread with a pool of a thread per core ({@link ModelThreads}),
     * spinning or not; null for no file. Nothing here touches logging: the command line calls it before the logging
     * is set up.
     */
    public static ModelLoad startIfAny(Path file, ModelFamily family, boolean spinning) {
        return file == null ? null : start(file, family, ModelThreads.of(Runtime.getRuntime().availableProcessors(),
                spinning));
    }

    /** Starts loading {@code file} ({@link SegmentationModel#load}) on a new daemon thread. */
    public static ModelLoad start(Path file, ModelFamily family, ModelThreads threads) {
        return new ModelLoad(Background.start("model-load", () -> SegmentationModel.load(file, family, threads)));
    }

    /** A model already loaded. */
    public static ModelLoad of(SegmentationModel model) {
        return new ModelLoad(Background.done(model));
    }

    /** The model, once loaded. */
    public SegmentationModel get() {
        return loading.get();
    }

    /** Closes the model once it has loaded, without waiting for it: what a command that ends early does. */
    public void abandon() {
        loading.abandon(SegmentationModel::close);
    }

    /** Closes the model, waiting for it if it is still loading; nothing to do if loading failed. */
    @Override
    public void close() {
        loading.ifMade(SegmentationModel::close);
    }
}
