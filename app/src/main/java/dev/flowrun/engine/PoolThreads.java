package dev.flowrun.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/** The threads of a pool: started together under numbered names, and at a stop given until a deadline to end. */
final class PoolThreads {
    private final int size;
    private final String prefix;
    private final BiFunction<Runnable, String, Thread> newThread;
    private final List<Thread> threads = new ArrayList<>();

    /** {@code size} threads made by {@code newThread}, named {@code prefix}1, 2, … */
    PoolThreads(int size, String prefix, BiFunction<Runnable, String, Thread> newThread) {
        this.size = size;
        this.prefix = prefix;
        this.newThread = newThread;
    }

    /** Starts the threads, each running {@code body}. */
    void start(Runnable body) {
        for (int i = 1; i <= size; i++) {
            Thread thread = newThread.apply(body, prefix + i);
            thread.start();
            threads.add(thread);
        }
    }

    /** Waits for the threads to end by themselves, for {@code grace} at most in all. */
    void awaitEnd(Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        for (Thread thread : threads) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                join(thread, TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        }
    }

    /** Interrupts the threads still running, gives each 5 s to end, and forgets them all. */
    void interruptAndForget() {
        threads.forEach(Thread::interrupt);
        threads.forEach(thread -> join(thread, 5_000));
        threads.clear();
    }

    private static void join(Thread thread, long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
