package dev.flowrun.bench;

import java.util.List;

/**
 * The warm-up rule both sides of the throughput phase follow, so each is measured in its steady state, not while
 * its JIT compilers still compete with the work for the cores: passes of {@link #PASS} items until the compiler
 * threads took under {@link #QUIET_SHARE} of a pass's CPU time in {@link #QUIET_PASSES} passes in a row, at most
 * {@link #MAX_PASSES} passes. The service has far more code to compile (HTTP, database, JSON) than the bare
 * pipeline. What it runs once per item (a claim, a finish, a download, a poll) reaches the top tier only after about
 * 5,000 calls (HotSpot's Tier4InvocationThreshold): until then it runs as C1 code that also profiles itself, and the
 * C2 compiler keeps working on it, in bursts. With 8% in one pass as the rule (until 2026-11-24) the service stopped
 * warming after 1,000 to 1,200 items with its compilers still at 7 to 12% of its CPU in the measured round; with 4%
 * in one pass (until 2026-11-27) it stopped at the first quiet pass of a burst pattern: passes 19 and 20 at 3.3%,
 * then 10.7, 8.0, 6.5, 3.6, 6.1%, and 3.4 to 7.5 ms of C2 per item in the measured rounds against the bare
 * pipeline's 1 to 1.6 (issue 15). Three passes in a row is the rule now; the bare pipeline meets it by its fourth.
 */
final class SteadyState {
    static final int PASS = 100;
    /** -Dbench.quietJitShare=0.08: the rule before 2026-11-24, to compare with figures taken under it. */
    static final double QUIET_SHARE = Double.parseDouble(System.getProperty("bench.quietJitShare", "0.04"));
    /** -Dbench.quietPasses=1: the rule before 2026-11-27. */
    static final int QUIET_PASSES = Integer.getInteger("bench.quietPasses", 3);
    /** -Dbench.maxWarmupPasses=N: fewer, for a quick try of a phase while developing it. */
    static final int MAX_PASSES = Integer.getInteger("bench.maxWarmupPasses", 60);

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
        int quietInARow = 0;
        while (passes < MAX_PASSES && quietInARow < QUIET_PASSES) {
            double cpu = ProcessCpu.seconds(pids);
            double compilers = ProcessCpu.compilerSeconds(pids);
            long start = System.nanoTime();
            pass.run(passes);
            double seconds = (System.nanoTime() - start) / 1e9;
            share = (ProcessCpu.compilerSeconds(pids) - compilers) / Math.max(1e-9, ProcessCpu.seconds(pids) - cpu);
            BenchContext.log("warm-up pass %d: %.1f items/s, JIT %.1f%% of its CPU", passes + 1, PASS / seconds,
                    share * 100);
            quietInARow = share < QUIET_SHARE ? quietInARow + 1 : 0;
            if (passes == 0) {
                first = PASS / seconds;
            }
            passes++;
        }
        return new Warmup(passes, share, first);
    }
}
