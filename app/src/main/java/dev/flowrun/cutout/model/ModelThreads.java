package dev.flowrun.cutout.model;

/**
 * The model session's intra-op thread pool, how many runs may use it at once, and whether its threads spin while
 * they wait for work.
 *
 * <p>The pool has a thread per core and belongs to the one session every worker shares, and one run goes at a
 * time: a run alone already uses every core, and two runs at once on two cores took 6% longer than the same two one
 * after the other (their threads spin against each other) while each held its own activations (about 0.8 GB for
 * ISNet at 1024²). With more workers than runs, the other items' decoding, post-processing and encoding go on
 * while one item is inferred: a folder is a pipeline, not two inferences fighting over the cores.
 *
 * <p>The threads spin between the run's parallel steps, ONNX Runtime's default: not spinning saved CPU on a loaded
 * machine in some turns and not in others, and the folders it ran were slower in most (decision 0055).
 */
public record ModelThreads(int pool, int runsAtOnce, boolean spinning) {

    /** Threads that spin, ONNX Runtime's default. */
    public ModelThreads(int pool, int runsAtOnce) {
        this(pool, runsAtOnce, true);
    }

    public static ModelThreads of(int cores) {
        return of(cores, true);
    }

    /** {@code spinning}: {@code FLOWRUN_BG_MODEL_SPINNING}. */
    public static ModelThreads of(int cores, boolean spinning) {
        return new ModelThreads(Math.max(1, cores), 1, spinning);
    }
}
