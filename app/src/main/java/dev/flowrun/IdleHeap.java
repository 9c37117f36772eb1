package dev.flowrun;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Sizes the heap for bursts of image work: it keeps its size while the service works, and an idle service gives
 * back what a big run made the JVM grow.
 *
 * <p>While working: every image of a few megapixels is a "humongous" allocation for G1, and each may start a
 * marking cycle once the heap is fuller than its threshold. G1 shrank the heap after each such cycle (the
 * default {@code MaxHeapFreeRatio} of 70), so a busy service ran a marking cycle every 100 ms on a heap of 500 MB
 * and spent a third of its CPU on them (issue 15: 0.5× the in-process pipeline's items per second, 0.7× with
 * this). So while collections keep happening, the heap is not shrunk ({@code MaxHeapFreeRatio} 100).
 *
 * <p>When idle: G1 shrinks the heap only after a marking cycle or a full collection, which an idle process never
 * has. Once no collection has happened for a while, the ratio goes back to its default, and a periodic collection
 * (JEP 346, {@code G1PeriodicGCInterval}) then shrinks the heap to what is live plus the usual headroom.
 */
final class IdleHeap {
    private static final String PERIODIC = "G1PeriodicGCInterval";
    private static final String MAX_FREE = "MaxHeapFreeRatio";
    private static final String KEEP = "100";

    private IdleHeap() {
    }

    /**
     * The periodic collection after {@code after} without any; the heap kept while collections are less than half
     * of that apart. Each flag the command line set is left as it is; a JVM without them is left alone.
     */
    static void manage(Duration after) {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (vm == null) {
            return;
        }
        try {
            if (vm.getVMOption(PERIODIC).getOrigin() == VMOption.Origin.DEFAULT) {
                vm.setVMOption(PERIODIC, Long.toString(after.toMillis()));
            }
            VMOption maxFree = vm.getVMOption(MAX_FREE);
            if (maxFree.getOrigin() == VMOption.Origin.DEFAULT) {
                keepWhileCollecting(vm, maxFree.getValue(), after.dividedBy(2));
            }
        } catch (IllegalArgumentException | SecurityException notThisJvm) {
            // Another JVM or collector: it sizes its heap its own way.
        }
    }

    private static void keepWhileCollecting(HotSpotDiagnosticMXBean vm, String idleValue, Duration quiet) {
        ScheduledExecutorService checks = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "flowrun-heap");
            thread.setDaemon(true);
            return thread;
        });
        long[] last = {collections(), System.nanoTime()};
        vm.setVMOption(MAX_FREE, KEEP);
        checks.scheduleWithFixedDelay(() -> {
            long now = collections();
            if (now != last[0]) {
                last[0] = now;
                last[1] = System.nanoTime();
                vm.setVMOption(MAX_FREE, KEEP);
            } else if (System.nanoTime() - last[1] >= quiet.toNanos()) {
                vm.setVMOption(MAX_FREE, idleValue);
            }
        }, 5, 5, TimeUnit.SECONDS);
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }
}
