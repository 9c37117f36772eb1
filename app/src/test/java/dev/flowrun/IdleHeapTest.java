package dev.flowrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Issue 15: the heap keeps its size while the JVM collects, and is shrunk once when the service is idle. */
class IdleHeapTest {
    private static final HotSpotDiagnosticMXBean VM = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    private final AtomicLong collections = new AtomicLong();
    private final AtomicLong clock = new AtomicLong();
    private final AtomicInteger shrinks = new AtomicInteger();
    // The shrinking collection is a collection too: the watch must not take it for work.
    private final IdleHeap.Watch watch = new IdleHeap.Watch(collections::get, clock::get, 60 * SECOND, () -> {
        shrinks.incrementAndGet();
        collections.incrementAndGet();
    });

    @Test
    void aWorkingServiceKeepsItsHeap() {
        boolean ratioChosen = VM.getVMOption("MaxHeapFreeRatio").getOrigin() != VMOption.Origin.DEFAULT;

        IdleHeap.manage(Duration.ofMinutes(1));

        if (!ratioChosen) {
            assertThat(VM.getVMOption("MaxHeapFreeRatio").getValue()).isEqualTo("100");
        }
    }

    @Test
    void theHeapIsShrunkOnceAfterAMinuteWithoutACollection() {
        tick(59);
        assertThat(shrinks).hasValue(0);
        tick(1);
        assertThat(shrinks).hasValue(1);
        tick(600);
        assertThat(shrinks).as("once per idle spell").hasValue(1);
    }

    @Test
    void collectionsPostponeIt() {
        for (int i = 0; i < 10; i++) {
            tick(50);
            collections.incrementAndGet();
            watch.check();
        }
        tick(59);
        assertThat(shrinks).hasValue(0);
        tick(1);
        assertThat(shrinks).hasValue(1);
    }

    @Test
    void workAfterAShrinkMakesTheNextIdleSpellShrinkAgain() {
        tick(60);
        collections.incrementAndGet();
        tick(1);
        tick(59);
        assertThat(shrinks).hasValue(1);
        tick(1);
        assertThat(shrinks).hasValue(2);
    }

    /** Advances the clock by {@code seconds}, checking every second as the service does. */
    private void tick(int seconds) {
        for (int i = 0; i < seconds; i++) {
            clock.addAndGet(SECOND);
            watch.check();
        }
    }
}
