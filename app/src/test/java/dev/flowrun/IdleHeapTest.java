package dev.flowrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The heap keeps its size while the JVM collects, G1 is settled a few seconds after the work stops, and
 * the heap is shrunk once when the service is idle.
 */
class IdleHeapTest {
    private static final HotSpotDiagnosticMXBean VM = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    private final AtomicLong collections = new AtomicLong();
    private final AtomicLong clock = new AtomicLong();
    private final AtomicInteger settles = new AtomicInteger();
    private final AtomicInteger shrinks = new AtomicInteger();
    // Settling and shrinking are collections too: the watch must not take them for work.
    private final IdleHeap.Watch watch = new IdleHeap.Watch(collections::get, clock::get, 5 * SECOND, () -> {
        settles.incrementAndGet();
        collections.incrementAndGet();
    }, 60 * SECOND, () -> {
        shrinks.incrementAndGet();
        collections.incrementAndGet();
    });

    @Test
    void aWorkingServiceKeepsItsHeap() {
        boolean ratioChosen = VM.getVMOption("MaxHeapFreeRatio").getOrigin() != VMOption.Origin.DEFAULT;

        String before = VM.getVMOption("MaxHeapFreeRatio").getValue();

        try (IdleHeap.Managed managed = IdleHeap.manage(Duration.ofSeconds(5), Duration.ofMinutes(1))) {
            if (!ratioChosen) {
                assertThat(VM.getVMOption("MaxHeapFreeRatio").getValue()).isEqualTo("100");
            }
        }
        // The other tests of this JVM are not collected on the service's schedule.
        assertThat(VM.getVMOption("MaxHeapFreeRatio").getValue()).isEqualTo(before);
    }

    @Test
    void nothingIsSettledBeforeTheFirstCollection() {
        tick(59);
        assertThat(settles).hasValue(0);
        assertThat(shrinks).hasValue(0);
    }

    @Test
    void gcIsSettledOnceFiveSecondsAfterTheLastCollection() {
        collect();
        tick(4);
        assertThat(settles).hasValue(0);
        tick(1);
        assertThat(settles).hasValue(1);
        tick(30);
        assertThat(settles).as("once per pause, its own collection not taken for work").hasValue(1);
        assertThat(shrinks).hasValue(0);
    }

    @Test
    void steadyCollectionsAreNotAPause() {
        for (int i = 0; i < 20; i++) {
            tick(4);
            collect();
        }
        assertThat(settles).hasValue(0);
    }

    @Test
    void theHeapIsShrunkOnceAfterAMinuteWithoutACollection() {
        collect();
        tick(59);
        assertThat(shrinks).hasValue(0);
        tick(1);
        assertThat(shrinks).hasValue(1);
        tick(600);
        assertThat(shrinks).as("once per idle spell").hasValue(1);
        assertThat(settles).as("settled before, once").hasValue(1);
    }

    @Test
    void collectionsPostponeTheShrinkButEachPauseIsSettled() {
        for (int i = 0; i < 10; i++) {
            tick(50);
            collect();
        }
        assertThat(settles).hasValue(9);
        tick(59);
        assertThat(shrinks).hasValue(0);
        tick(1);
        assertThat(shrinks).hasValue(1);
        assertThat(settles).hasValue(10);
    }

    @Test
    void workAfterAShrinkMakesTheNextPauseSettleAndShrinkAgain() {
        collect();
        tick(60);
        assertThat(shrinks).hasValue(1);
        collect();
        tick(59);
        assertThat(shrinks).hasValue(1);
        assertThat(settles).hasValue(2);
        tick(1);
        assertThat(shrinks).hasValue(2);
    }

    /** A collection of the work's, seen by the next check. */
    private void collect() {
        collections.incrementAndGet();
        watch.check();
    }

    /** Advances the clock by {@code seconds}, checking every second as the service does. */
    private void tick(int seconds) {
        for (int i = 0; i < seconds; i++) {
            clock.addAndGet(SECOND);
            watch.check();
        }
    }
}
