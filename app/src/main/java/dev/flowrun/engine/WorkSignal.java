package dev.flowrun.engine;

/**
 * Wakes idle workers when items are queued, here or (through a notification) on another instance. A worker reads
 * the generation before it looks for an item and waits only while it is unchanged, so a signal given between its
 * look and its wait is never lost.
 */
final class WorkSignal {
    private long generation;

    synchronized long generation() {
        return generation;
    }

    synchronized void signal() {
        generation++;
        notifyAll();
    }

    /** Waits until a signal after {@code seen}, at most {@code millis}; returns at once if there was one already. */
    synchronized void await(long seen, long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000;
        try {
            while (generation == seen) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return;
                }
                wait(left);
            }
        } catch (InterruptedException e) {
            // Only a stop interrupts a worker on purpose, and it also sets the flag the worker checks next.
        }
    }
}
