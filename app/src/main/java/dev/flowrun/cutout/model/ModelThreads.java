package dev.flowrun.cutout.model;

/**
 * How many cores one model run uses and how many runs go at once, from the worker count and the cores.
 *
 * <p>Items already run in parallel, one per worker: a run that also spread over every core would oversubscribe
 * them as soon as two workers hold model items, and slow the other workers' items. So one run gets
 * {@code cores / workers} intra-op threads (at least 1), and at most {@code cores / threads} runs go at once:
 * model threads never outnumber the cores, whatever the workers hold. With the default (workers = cores) that is
 * one thread per run and a run per worker; with one worker, one run on every core. The bound on runs also bounds
 * memory: each run in flight holds its own activations (about 0.8 GB for ISNet at 1024², measured).
 */
public record ModelThreads(int perRun, int runsAtOnce) {

    public static ModelThreads of(int workers, int cores) {
        int perRun = Math.max(1, cores / Math.max(1, workers));
        int runsAtOnce = Math.max(1, Math.min(workers, cores / perRun));
        return new ModelThreads(perRun, runsAtOnce);
    }
}
