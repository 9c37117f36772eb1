package dev.flowrun.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ProcessCpuTest {
    @Test
    void aThreadThatRenamedItselfCountsOnlyWhatItUsedBetweenTheReadings() {
        // OkHttp's task runner: 0.5 s used before the first reading, named after the queue it runs at the second.
        var before = Map.of("11", new ProcessCpu.ThreadSeconds("OkHttp TaskRunner", 0.5),
                "12", new ProcessCpu.ThreadSeconds("flowrun-worker", 10.0));
        var after = Map.of("11", new ProcessCpu.ThreadSeconds("OkHttp ConnectionPool", 0.52),
                "12", new ProcessCpu.ThreadSeconds("flowrun-worker", 30.0));

        assertEquals("flowrun-worker 100.0, OkHttp ConnectionPool 0.1", ProcessCpu.msPerItemByThreadKind(before, after, 200));
    }

    @Test
    void aThreadBornBetweenTheReadingsCountsFromZeroAndOneThatEndedIsLeftOut() {
        var before = Map.of("11", new ProcessCpu.ThreadSeconds("C2 CompilerThread", 4.0));
        var after = Map.of("13", new ProcessCpu.ThreadSeconds("C2 CompilerThread", 0.2));

        assertEquals("C2 CompilerThread 1.0", ProcessCpu.msPerItemByThreadKind(before, after, 200));
    }

    @Test
    void threadsAreReadByIdUnderTheirNamesWithoutTheirNumbers() throws Exception {
        long self = ProcessHandle.current().pid();
        var stop = new AtomicBoolean();
        Thread busy = new Thread(() -> {
            while (!stop.get()) {
                Thread.onSpinWait();
            }
        }, "cpu-test-7");
        busy.start();
        try {
            long deadline = System.nanoTime() + 10_000_000_000L;
            double seconds = 0;
            while (seconds < 0.05) {
                assertTrue(System.nanoTime() < deadline, "the spinning thread was not seen using CPU within 10 s");
                seconds = ProcessCpu.threads(self).values().stream()
                        .filter(thread -> thread.kind().equals("cpu-test"))
                        .mapToDouble(ProcessCpu.ThreadSeconds::seconds).sum();
                Thread.sleep(10);
            }
            assertEquals(1, ProcessCpu.threads(self).values().stream()
                    .filter(thread -> thread.kind().startsWith("cpu-test")).count());
        } finally {
            stop.set(true);
            busy.join();
        }
    }
}
