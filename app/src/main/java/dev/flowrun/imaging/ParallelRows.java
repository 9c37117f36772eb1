package dev.flowrun.imaging;

import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Runs a loop over rows (or columns) in chunks on the common fork-join pool and the calling thread. A lone item's
 * per-pixel work after the model uses the cores its inference left idle; with every core busy with other items the
 * chunks simply run one after another. Each chunk does exactly what the whole loop would do for its rows, so the
 * result does not depend on how the rows were split.
 */
public final class ParallelRows {
    /** Work on rows {@code [from, to)}. */
    public interface Range {
        void run(int from, int to);
    }

    /** Chunks every loop is cut into while {@link #inChunks} runs (0: from the cores). */
    private static volatile int forcedChunks;

    private ParallelRows() {
    }

    /**
     * Runs {@code range} over {@code [0, n)} in chunks of at least {@code minChunk} rows; on one core, or for a
     * small {@code n}, in one call on this thread.
     */
    public static void run(int n, int minChunk, Range range) {
        int forced = forcedChunks;
        int threads = Math.min(Runtime.getRuntime().availableProcessors(),
                ForkJoinPool.getCommonPoolParallelism() + 1);
        int chunks = forced > 0 ? Math.min(forced, n) : Math.min(4 * threads, n / Math.max(1, minChunk));
        if (chunks <= 1 || forced == 0 && threads == 1) {
            range.run(0, n);
            return;
        }
        IntStream.range(0, chunks).parallel().forEach(c -> range.run(
                (int) ((long) c * n / chunks), (int) ((long) (c + 1) * n / chunks)));
    }

    /**
     * {@code work} with every loop cut into {@code chunks} chunks whatever the cores (1: the whole loop in one call),
     * one such work at a time: how the tests check that a result does not depend on the split.
     */
    public static <T> T inChunks(int chunks, Supplier<T> work) {
        synchronized (ParallelRows.class) {
            forcedChunks = chunks;
            try {
                return work.get();
            } finally {
                forcedChunks = 0;
            }
        }
    }
}
