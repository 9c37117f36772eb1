package dev.flowrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Issue 15: the heap keeps its size while the JVM collects, and the periodic collection gives it back when idle. */
class IdleHeapTest {
    private static final HotSpotDiagnosticMXBean VM = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);

    @Test
    void aWorkingServiceKeepsItsHeapAndAnIdleOneCollectsPeriodically() {
        boolean ratioChosen = VM.getVMOption("MaxHeapFreeRatio").getOrigin() != VMOption.Origin.DEFAULT;
        boolean periodChosen = VM.getVMOption("G1PeriodicGCInterval").getOrigin() != VMOption.Origin.DEFAULT;

        IdleHeap.manage(Duration.ofMinutes(1));

        if (!ratioChosen) {
            assertThat(VM.getVMOption("MaxHeapFreeRatio").getValue()).isEqualTo("100");
        }
        if (!periodChosen) {
            assertThat(VM.getVMOption("G1PeriodicGCInterval").getValue()).isEqualTo("60000");
        }
    }
}
