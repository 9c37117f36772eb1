package dev.flowrun.bench;

import java.util.List;

/**
 * The warm-up rule both sides of the throughput phase follow, so each is measured in its steady state, not while
 * its JIT compilers still compete with the work for the cores: passes of {@link #PASS} items until the compiler
 * threads took under {@link #QUIET_SHARE} of a pass's CPU time in {@link #QUIET_PASSES} passes in a row, at most
 * {@link #MAX_PASSES} passes. The service has far more code to compile (HTTP, database, JSON) than the bare
 * pipeline, and C2 compiles it in bursts: one quiet pass stopped the warm-up at the first lull of a burst pattern,
 * so three in a row are asked for; the bare pipeline meets that by its fourth pass.
 *
 * <p>What the service runs once per item (a claim, a finish, a download, a poll) reaches C2 only after about 5,000
 * calls (HotSpot's Tier4InvocationThreshold), later than three quiet passes. With {@link #MIN_PASSES} set the
 * throughput phase asks for that many passes at least ({@link #warmInTurns}), on both sides, which the bare pipeline
 * does in a JVM kept for the whole phase, taking turns with the service pass by pass as in the measured rounds.
 */
final class SteadyState {
    static final int PASS = 100;
    /** -Dbench.quietJitShare=0.08: an older, looser rule, to compare with figures taken under it. */
    static final double QUIET_SHARE = Double.parseDouble(System.getProperty("bench.quietJitShare", "0.04"));
    /** -Dbench.quietPasses=1: an older rule (one quiet pass). */
    static final int QUIET_PASSES = Integer.getInteger("bench.quietPasses", 3);
    /** -Dbench.maxWarmupPasses=N: fewer, for a quick try of a phase while developing it. */
    static final int MAX_PASSES = Integer.getInteger("bench.maxWarmupPasses", 60);
    /**
     * -Dbench.minWarmupPasses=70: passes before the quiet rule may end a warm-up in turns, and the throughput
     * phase's bare pipeline in one JVM taking turns with the service. 70: what the service runs once per item reaches
     * C2 at its 5,000th to 5,600th call (HotSpot's Tier4InvocationThreshold, scaled while C2's queue is busy), and
     * compiling it takes C2 seconds; with 50 the measured rounds fell on that wave. 0, the default: the phase as
     * docs/PERFORMANCE.md measures it, the bare pipeline in a fresh JVM per round.
     */
    static final int MIN_PASSES = Integer.getInteger("bench.minWarmupPasses", 0);

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

    /** One side warmed in turns with others: a name for the log, its processes and its pass. */
    record Side(String name, List<Long> pids, Pass pass) {
    }

    private SteadyState() {
    }

    static Warmup warm(long pid, Pass pass) throws Exception {
        return warm(List.of(pid), pass);
    }

    /** Several processes sharing the work (instances on one database): their compilers and CPU time summed. */
    static Warmup warm(List<Long> pids, Pass pass) throws Exception {
        Tracker tracker = new Tracker(new Side("", pids, pass));
        while (!tracker.done()) {
            tracker.runPass(0);
        }
        return tracker.warmup();
    }

    /**
     * The sides take turns, a pass each, until each is warm by the rule and has run at least {@link #MIN_PASSES}:
     * while one warms, the other is idle for one pass at a time, as it will be between measured rounds. A side
     * already warm keeps taking its turns (its figures are those of when it became warm).
     */
    static List<Warmup> warmInTurns(List<Side> sides) throws Exception {
        List<Tracker> trackers = sides.stream().map(Tracker::new).toList();
        while (trackers.stream().anyMatch(tracker -> !tracker.done())) {
            for (Tracker tracker : trackers) {
                tracker.runPass(MIN_PASSES);
            }
        }
        return trackers.stream().map(Tracker::warmup).toList();
    }

    /** One side's warm-up: passes run so far, and its figures once it became warm (null until then). */
    private static final class Tracker {
        private final Side side;
        private int passes;
        private int quietInARow;
        private double first;
        private Warmup warmup;

        Tracker(Side side) {
            this.side = side;
        }

        boolean done() {
            return warmup != null;
        }

        /** A pass; then warm if quiet, once at least {@code minPasses} (the rule's, the same every pass) ran. */
        void runPass(int minPasses) throws Exception {
            double cpu = ProcessCpu.seconds(side.pids());
            double compilers = ProcessCpu.compilerSeconds(side.pids());
            long start = System.nanoTime();
            side.pass().run(passes++);
            double seconds = (System.nanoTime() - start) / 1e9;
            double share = (ProcessCpu.compilerSeconds(side.pids()) - compilers)
                    / Math.max(1e-9, ProcessCpu.seconds(side.pids()) - cpu);
            BenchContext.log("%swarm-up pass %d: %.1f items/s, JIT %.1f%% of its CPU%s",
                    side.name().isEmpty() ? "" : side.name() + " ", passes, PASS / seconds, share * 100,
                    done() ? " (warm)" : "");
            if (done()) {
                return;
            }
            quietInARow = share < QUIET_SHARE ? quietInARow + 1 : 0;
            if (passes == 1) {
                first = PASS / seconds;
            }
            int maxPasses = minPasses == 0 ? MAX_PASSES : Math.max(MAX_PASSES, minPasses + QUIET_PASSES);
            if (passes >= maxPasses || (quietInARow >= QUIET_PASSES && passes >= minPasses)) {
                warmup = new Warmup(passes, share, first);
            }
        }

        Warmup warmup() {
            return warmup;
        }
    }
}
