package dev.flowrun.work;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.support.Await;
import java.time.Duration;
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
}
