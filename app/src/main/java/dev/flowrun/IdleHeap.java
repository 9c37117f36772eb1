package dev.flowrun;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Makes an idle service give back the heap a big run made the JVM grow. G1 grows the heap while a run allocates
 * (a 10,000-item run took it from 80 to 232 MB) but shrinks it only after a marking cycle or a full collection,
 * which an idle process never has: so without this the memory stays committed until the next restart. With a
 * periodic collection (JEP 346) G1 starts a marking cycle once no collection has happened for {@code after}, and
 * shrinks the heap to what is live plus the usual headroom.
 */
final class IdleHeap {
    private static final String FLAG = "G1PeriodicGCInterval";

    private IdleHeap() {
    }

    /** Unless the command line chose an interval itself; a JVM without the flag is left as it is. */
    static void giveBackAfter(Duration after) {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (vm != null && vm.getVMOption(FLAG).getOrigin() == VMOption.Origin.DEFAULT) {
                vm.setVMOption(FLAG, Long.toString(after.toMillis()));
            }
        } catch (IllegalArgumentException | SecurityException notThisJvm) {
            // Another JVM or collector: it sizes its heap its own way.
        }
    }
}
