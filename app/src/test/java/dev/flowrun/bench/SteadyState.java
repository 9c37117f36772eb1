package dev.flowrun.bench;

import java.util.List;

/**
 * The warm-up rule both sides of the throughput phase follow, so each is measured in its steady state, not while
 * its JIT compilers still compete with the work for the cores: passes of {@link #PASS} items until the compiler
 * threads took under {@link #QUIET_SHARE} of the pass's CPU time, at most {@link #MAX_PASSES} passes. The service
 * has far more code to compile (HTTP, database, JSON) than the bare pipeline, and on two cores its compilers were
 * still busy with it 300 items after start: a fifth of its CPU time. Methods called a few times per item reach the
 * top tier only after thousands of calls, so the service needs 6 to 8 passes; 12 is the most it is given.
 */
final class SteadyState {
    static final int PASS = 100;
    static final double QUIET_SHARE = 0.08;
    /** -Dbench.maxWarmupPasses=N: fewer, for a quick try of a phase while developing it. */
    static final int MAX_PASSES = Integer.getInteger("bench.maxWarmupPasses", 12);

    interface Pass {
        void run(int pass) throws Exception;
    }

    /** How the warm-up went: passes run, the compilers' share of the last pass's CPU, the first pass's rate. */
    record Warmup(int passes, double compilerShare, double firstItemsPerSecond) {
        String describe() {
            return String.format("%d×%d warm-up items (first pass %.1f items/s), JIT %.0f%% of the last",
                    passes, PASS, firstItemsPerSecond, compilerShare * 100);
        }
    }

    private SteadyState() {
    }

    static Warmup warm(long pid, Pass pass) throws Exception {
        return warm(List.of(pid), pass);
    }

    /** Several processes sharing the work (instances on one database): their compilers and CPU time summed. */
    static Warmup warm(List<Long> pids, Pass pass) throws Exception {
        double first = 0;
        double share = 1;
        int passes = 0;
        while (passes < MAX_PASSES && share >= QUIET_SHARE) {
            double cpu = ProcessCpu.seconds(pids);
            double compilers = ProcessCpu.compilerSeconds(pids);
            long start = System.nanoTime();
            pass.run(passes);
            double seconds = (System.nanoTime() - start) / 1e9;
            share = (ProcessCpu.compilerSeconds(pids) - compilers) / Math.max(1e-9, ProcessCpu.seconds(pids) - cpu);
            if (passes == 0) {
                first = PASS / seconds;
            }
            passes++;
        }
        return new Warmup(passes, share, first);
    }
}
