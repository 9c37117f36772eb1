package dev.flowrun.cutout.model;

/**
 * The model session's intra-op thread pool and how many runs may use it at once.
 *
 * <p>The pool has a thread per core and belongs to the one session every worker shares, and one run goes at a
 * time: a run alone already uses every core, and two runs at once on two cores took 6% longer than the same two one
 * after the other (their threads spin against each other) while each held its own activations (about 0.8 GB for
 * ISNet at 1024²). With more workers than runs, the other items' decoding, post-processing and encoding go on
 * while one item is inferred: a folder is a pipeline, not two inferences fighting over the cores.
 */
public record ModelThreads(int pool, int runsAtOnce) {

    public static ModelThreads of(int cores) {
        return new ModelThreads(Math.max(1, cores), 1);
    }
}
