package dev.flowrun;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Sizes the heap for bursts of image work: it keeps its size while the service works, and an idle service gives
 * back what a big run made the JVM grow.
 *
 * <p>While working: every image of a few megapixels is a "humongous" allocation for G1, and each may start a
 * marking cycle once the heap is fuller than its threshold. G1 shrank the heap after each such cycle (the
 * default {@code MaxHeapFreeRatio} of 70), so a busy service ran a marking cycle every 100 ms on a heap of 500 MB
 * and spent a third of its CPU on them (issue 15: 0.5× the in-process pipeline's items per second, 0.7× with
 * this). So the heap is never shrunk by a collection of the service's own ({@code MaxHeapFreeRatio} 100).
 *
 * <p>When idle: once no collection has happened for a while, one collection is run with the JVM's own ratio, which
 * shrinks the heap to what is live plus the usual headroom, and the ratio goes back to 100 at once. Until
 * 2026-11-27 the ratio itself went back to 70 after half that time and a periodic collection (JEP 346) shrank the
 * heap; but when work came back before that collection, the first marking cycle of the new work shrank the heap
 * instead, and the new run began with seconds of back-to-back marking cycles (a fifth of its CPU in the benchmark's
 * first round after a pause of 30 s).
 */
final class IdleHeap {
    private static final String PERIODIC = "G1PeriodicGCInterval";
    private static final String MAX_FREE = "MaxHeapFreeRatio";
    private static final String KEEP = "100";
    private static final Duration CHECK_EVERY = Duration.ofSeconds(1);

    private IdleHeap() {
    }

    /**
     * The heap kept while the JVM collects, and shrunk once after {@code after} without a collection. A ratio the
     * command line set is left as it is (then only a periodic collection after {@code after}, unless that was set
     * too); a JVM without these flags is left alone.
     */
    static void manage(Duration after) {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (vm == null) {
            return;
        }
        try {
            VMOption maxFree = vm.getVMOption(MAX_FREE);
            if (maxFree.getOrigin() == VMOption.Origin.DEFAULT) {
                vm.setVMOption(MAX_FREE, KEEP);
                Watch watch = new Watch(IdleHeap::collections, System::nanoTime, after.toNanos(),
                        () -> shrinkNow(vm, maxFree.getValue()));
                ScheduledExecutorService checks = Executors.newSingleThreadScheduledExecutor(task -> {
                    Thread thread = new Thread(task, "flowrun-heap");
                    thread.setDaemon(true);
                    return thread;
                });
                checks.scheduleWithFixedDelay(watch::check, CHECK_EVERY.toMillis(), CHECK_EVERY.toMillis(),
                        TimeUnit.MILLISECONDS);
            } else if (vm.getVMOption(PERIODIC).getOrigin() == VMOption.Origin.DEFAULT) {
                vm.setVMOption(PERIODIC, Long.toString(after.toMillis()));
            }
        } catch (IllegalArgumentException | SecurityException notThisJvm) {
            // Another JVM or collector: it sizes its heap its own way.
        }
    }

    /** A full collection under the JVM's own ratio; the ratio is 100 again before any work can allocate much. */
    private static void shrinkNow(HotSpotDiagnosticMXBean vm, String idleRatio) {
        vm.setVMOption(MAX_FREE, idleRatio);
        try {
            System.gc();
        } finally {
            vm.setVMOption(MAX_FREE, KEEP);
        }
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    /**
     * Decides when the heap is shrunk: once per idle spell, after {@code afterNanos} without a collection. The
     * shrinking collection itself is not activity.
     */
    static final class Watch {
        private final LongSupplier collections;
        private final LongSupplier clock;
        private final long afterNanos;
        private final Runnable shrink;
        private long lastCount;
        private long lastChange;
        private boolean shrunk;

        Watch(LongSupplier collections, LongSupplier clock, long afterNanos, Runnable shrink) {
            this.collections = collections;
            this.clock = clock;
            this.afterNanos = afterNanos;
            this.shrink = shrink;
            this.lastCount = collections.getAsLong();
            this.lastChange = clock.getAsLong();
        }

        void check() {
            long count = collections.getAsLong();
            long now = clock.getAsLong();
            if (count != lastCount) {
                lastCount = count;
                lastChange = now;
                shrunk = false;
            } else if (!shrunk && now - lastChange >= afterNanos) {
                shrink.run();
                lastCount = collections.getAsLong();
                shrunk = true;
            }
        }
    }
}
