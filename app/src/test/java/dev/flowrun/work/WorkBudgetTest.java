package dev.flowrun.work;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.support.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkBudgetTest {

    @Test
    void codeOutsideAnyItemIsNeverStopped() {
        assertThatCode(WorkBudget::check).doesNotThrowAnyException();
        assertThat(WorkBudget.current().stopped()).isFalse();
    }

    @Test
    void aCancelFromAnotherThreadIsSeenAtTheNextCheckOfTheBoundThread() throws Exception {
        try (WorkBudget budget = new WorkBudget(null); WorkBudget.Binding bound = budget.bind()) {
            WorkBudget.check();
            Thread other = new Thread(() -> budget.cancel("run 7 was cancelled"));
            other.start();
            other.join();
            assertThatThrownBy(WorkBudget::check).isInstanceOfSatisfying(WorkStopped.class, e -> {
                assertThat(e.cancelled()).isTrue();
                assertThat(e.getMessage()).contains("run 7 was cancelled");
            });
        }
        assertThatCode(WorkBudget::check).as("unbound again").doesNotThrowAnyException();
    }

    @Test
    void theTimeLimitCountsFromTheStartOfTheClockNotFromCreation() {
        WorkBudget budget = new WorkBudget(Duration.ofMillis(50));
        try (WorkBudget.Binding bound = budget.bind()) {
            // Created long ago as far as the limit goes: nothing counts before the clock starts.
            Await.until("the limit to pass, were it counting", Duration.ofSeconds(5), () -> {
                WorkBudget.check();
                return true;
            });
            budget.startClock();
            Await.until("the limit to pass", Duration.ofSeconds(20), budget::stopped);
            assertThatThrownBy(WorkBudget::check).isInstanceOfSatisfying(WorkStopped.class, e -> {
                assertThat(e.cancelled()).isFalse();
                assertThat(e.getMessage()).contains("time limit of 50ms");
            });
        }
    }

    @Test
    void onAWorkerThreadTheBudgetIsBoundToItsFieldAndNestedBindingsUnwind() throws Exception {
        WorkBudget outer = new WorkBudget(null);
        WorkBudget inner = new WorkBudget(null);
        inner.cancel("run 9 was cancelled");
        List<String> seen = new ArrayList<>();
        Thread worker = new WorkerThread(() -> {
            seen.add(WorkBudget.current().stopped() ? "stopped" : "free");
            try (WorkBudget.Binding first = outer.bind()) {
                seen.add(WorkBudget.current() == outer ? "outer" : "other");
                try (WorkBudget.Binding second = inner.bind()) {
                    try {
                        WorkBudget.check();
                        seen.add("not stopped");
                    } catch (WorkStopped e) {
                        seen.add(e.getMessage());
                    }
                }
                seen.add(WorkBudget.current() == outer ? "outer again" : "other");
            }
            seen.add(WorkBudget.current().stopped() ? "stopped" : "free again");
        }, "test-worker");
        worker.start();
        worker.join();
        assertThat(seen).containsExactly("free", "outer", "stopped: run 9 was cancelled", "outer again", "free again");
        assertThatCode(WorkBudget::check).as("this thread's budget is not the worker's").doesNotThrowAnyException();
    }
}
