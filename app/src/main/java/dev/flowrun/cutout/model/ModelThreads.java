package dev.flowrun.cutout.model;

/**
 * The model session's intra-op thread pool and how many runs may use it at once, from the worker count and the
 * cores.
 *
 * <p>The pool has a thread per core and belongs to the one session every worker shares; ONNX Runtime lets runs in
 * flight at the same time share it. So a model item alone uses every core, and two items at once split them
 * instead of each running on half the machine while the other half idles. Runs at once are capped by the workers
 * and the cores: each run in flight holds its own activations (about 0.8 GB for ISNet at 1024², more with the
 * arena's rounding), so this cap, not slower runs, is what bounds the model's memory.
 */
public record ModelThreads(int pool, int runsAtOnce) {

    public static ModelThreads of(int workers, int cores) {
        int pool = Math.max(1, cores);
        return new ModelThreads(pool, Math.max(1, Math.min(workers, pool)));
    }
}
