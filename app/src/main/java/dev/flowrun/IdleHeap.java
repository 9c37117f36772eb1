package dev.flowrun;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import dev.flowrun.work.DaemonThreads;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps G1 from fighting bursts of image work (docs/decisions/0003-idle-heap.md has the measurements):
 * <ul>
 * <li>while working, the heap keeps its size ({@code MaxHeapFreeRatio} 100): every image is a humongous allocation,
 * and a heap shrunk after each marking cycle made the service spend a third of its CPU on marking;</li>
 * <li>a few seconds after the work stops, one full collection "settles" G1: a pause that falls inside a marking
 * cycle is otherwise counted as marking time, and G1 then starts a cycle at every image of the next runs;</li>
 * <li>once idle for a while, one collection with the JVM's own ratio gives back what a big run made it grow.</li>
 * </ul>
 * Flags given on the command line win; a JVM without these flags is left alone.
 */
public final class IdleHeap {
    private static final Logger LOG = LoggerFactory.getLogger(IdleHeap.class);
    private static final String PERIODIC = "G1PeriodicGCInterval";
    private static final String MAX_FREE = "MaxHeapFreeRatio";
    private static final String KEEP = "100";
    private static final Duration CHECK_EVERY = Duration.ofSeconds(1);

    private IdleHeap() {
    }

    /**
     * The service's heap policy: settled 5 s and shrunk a minute after the last collection. Public for the
     * benchmark, whose bare pipeline keeps its heap the same way when it pauses between rounds as the service does.
     */
    public static Managed asTheServiceDoes() {
        return manage(Duration.ofSeconds(5), Duration.ofMinutes(1));
    }

    /**
     * The heap kept while the JVM collects, G1 settled once {@code settleAfter} passed without a collection, and the
     * heap shrunk once after {@code shrinkAfter} without one. A ratio the command line set is left as it is (then
     * the heap is shrunk by a periodic collection after {@code shrinkAfter}, unless that was set too); a JVM without
     * these flags is left alone. The service keeps it for the JVM's life; a test closes it, as it shares its JVM.
     */
    static Managed manage(Duration settleAfter, Duration shrinkAfter) {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (vm == null) {
            return () -> { };
        }
        try {
            VMOption maxFree = vm.getVMOption(MAX_FREE);
            VMOption periodic = vm.getVMOption(PERIODIC);
            Runnable shrink = null;
            if (maxFree.getOrigin() == VMOption.Origin.DEFAULT) {
                vm.setVMOption(MAX_FREE, KEEP);
                shrink = () -> shrinkNow(vm, maxFree.getValue());
            } else if (periodic.getOrigin() == VMOption.Origin.DEFAULT) {
                vm.setVMOption(PERIODIC, Long.toString(shrinkAfter.toMillis()));
            }
            List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
            Runnable settle = isG1(collectors) && fullCollectionOnRequest(vm) ? System::gc : null;
            if (shrink == null && settle == null) {
                return () -> vm.setVMOption(PERIODIC, periodic.getValue());
            }
            // The collectors looked up once, above: a lookup builds the beans' names anew, and doing it every second
            // kept the JIT compiling JMX code while the workers ran.
            Watch watch = new Watch(() -> collections(collectors), System::nanoTime, settleAfter.toNanos(), settle,
                    shrinkAfter.toNanos(), shrink);
            ScheduledExecutorService checks = Executors.newSingleThreadScheduledExecutor(
                    DaemonThreads.named("flowrun-heap"));
            checks.scheduleWithFixedDelay(() -> {
                try {
                    watch.check();
                } catch (RuntimeException e) {
                    // A task that throws is never run again: the next pause is still to be settled.
                    LOG.warn("could not settle or shrink the heap: {}", e.toString());
                }
            }, CHECK_EVERY.toMillis(), CHECK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
            return () -> {
                checks.shutdownNow();
                vm.setVMOption(MAX_FREE, maxFree.getValue());
                vm.setVMOption(PERIODIC, periodic.getValue());
            };
        } catch (IllegalArgumentException | SecurityException notThisJvm) {
            // Another JVM or collector: it sizes its heap its own way.
            return () -> { };
        }
    }

    /** The watch and the ratio, until closed: the JVM's own sizing again. */
    public interface Managed extends AutoCloseable {
        @Override
        void close();
    }

    /** Settling is about G1's marking threshold; other collectors have none of that kind. */
    private static boolean isG1(List<GarbageCollectorMXBean> collectors) {
        return collectors.stream().anyMatch(gc -> gc.getName().startsWith("G1 "));
    }

    /**
     * Whether {@code System.gc()} is a full collection here. Made a concurrent cycle by the command line, it would
     * start the very measurement settling is to end, just as the pause begins.
     */
    private static boolean fullCollectionOnRequest(HotSpotDiagnosticMXBean vm) {
        return !"true".equals(vm.getVMOption("ExplicitGCInvokesConcurrent").getValue())
                && !"true".equals(vm.getVMOption("DisableExplicitGC").getValue());
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

    private static long collections(List<GarbageCollectorMXBean> collectors) {
        long sum = 0;
        for (GarbageCollectorMXBean collector : collectors) {
            sum += collector.getCollectionCount();
        }
        return sum;
    }

    /**
     * Decides when G1 is settled and when the heap is shrunk: each once per pause, after so long without a
     * collection. Their own collections are not activity. Either action may be null (not done).
     */
    static final class Watch {
        private final LongSupplier collections;
        private final LongSupplier clock;
        private final Step settle;
        private final Step shrink;
        private long lastCount;
        private long lastChange;
        private boolean settled;
        private boolean shrunk;

        Watch(LongSupplier collections, LongSupplier clock, long settleAfterNanos, Runnable settle,
              long shrinkAfterNanos, Runnable shrink) {
            this.collections = collections;
            this.clock = clock;
            this.settle = new Step(settleAfterNanos, settle);
            this.shrink = new Step(shrinkAfterNanos, shrink);
            this.lastCount = collections.getAsLong();
            this.lastChange = clock.getAsLong();
            // Nothing to settle before the first collection: no marking cycle has run.
            this.settled = true;
        }

        void check() {
            long count = collections.getAsLong();
            long now = clock.getAsLong();
            if (count != lastCount) {
                lastCount = count;
                lastChange = now;
                settled = false;
                shrunk = false;
                return;
            }
            if (!settled && now - lastChange >= settle.afterNanos()) {
                settled = true;
                run(settle.action());
            }
            if (!shrunk && now - lastChange >= shrink.afterNanos()) {
                shrunk = true;
                run(shrink.action());
            }
        }

        private void run(Runnable action) {
            if (action != null) {
                action.run();
                lastCount = collections.getAsLong();
            }
        }

        /** An action of the watch, due once {@code afterNanos} have passed without a collection; null: none. */
        private record Step(long afterNanos, Runnable action) {
        }
    }
}
