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
 * <p>ONNX Runtime's threads spin between the run's parallel steps by default: a lone run gets its next step a little
 * sooner, but a spinning thread holds a core that another item's work then waits for, and spins longest exactly
 * when that work has taken its partner's core. With more than one worker they wait without spinning.
 */
public record ModelThreads(int pool, int runsAtOnce, boolean spinning) {

    /** Threads that spin: a run that has the cores to itself (the benchmarks, one worker). */
    public ModelThreads(int pool, int runsAtOnce) {
        this(pool, runsAtOnce, true);
    }

    public static ModelThreads of(int cores) {
        return new ModelThreads(Math.max(1, cores), 1);
    }

    /**
     * The threads of a session that {@code workers} share: spinning only for one worker, unless {@code spinning}
     * (a setting, null when unset) says otherwise.
     */
    public static ModelThreads of(int cores, int workers, Boolean spinning) {
        return new ModelThreads(Math.max(1, cores), 1, spinning != null ? spinning : workers <= 1);
    }
}
