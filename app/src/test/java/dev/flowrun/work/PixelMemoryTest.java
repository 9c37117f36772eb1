package dev.flowrun.work;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Shares are counted in pixels here: a share of n pixels is n × {@link PixelMemory#BYTES_PER_PIXEL} bytes. */
class PixelMemoryTest {
    private static final long PIXEL = PixelMemory.BYTES_PER_PIXEL;
    private final PixelMemory memory = new PixelMemory(100 * PIXEL);
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void aShareThatDoesNotFitWaitsUntilAnotherItemGivesItsBack() throws Exception {
        WorkBudget first = reserved(60);
        WorkBudget second = new WorkBudget(null);
        CompletableFuture<Void> waiting = reserveLater(second, 60);
        Await.until("the second item to wait", Duration.ofSeconds(10), () -> memory.waiting() == 1);
        assertThat(waiting).isNotDone();
        assertThat(memory.inUse()).isEqualTo(60 * PIXEL);

        first.close();
        waiting.get();
        assertThat(memory.inUse()).isEqualTo(60 * PIXEL);
        second.close();
        assertThat(memory.inUse()).isZero();
    }

    @Test
    void waitersAreServedInOrderSoASmallShareDoesNotOvertakeALargeOne() throws Exception {
        WorkBudget holder = reserved(60);
        CompletableFuture<Void> large = reserveLater(new WorkBudget(null), 50);
        Await.until("the large share to wait", Duration.ofSeconds(10), () -> memory.waiting() == 1);
        CompletableFuture<Void> small = reserveLater(new WorkBudget(null), 30); // would fit now: 60 + 30 <= 100
        Await.until("the small share to wait behind it", Duration.ofSeconds(10), () -> memory.waiting() == 2);
        assertThat(small).isNotDone();

        holder.close();
        large.get();
        small.get();
        assertThat(memory.inUse()).isEqualTo(80 * PIXEL);
    }

    @Test
    void aShareLargerThanTheWholeBudgetRunsAloneInsteadOfBeingRefused() throws Exception {
        WorkBudget huge = reserved(1_000);
        assertThat(memory.inUse()).isEqualTo(memory.capacity());
        CompletableFuture<Void> next = reserveLater(new WorkBudget(null), 1);
        Await.until("the next item to wait", Duration.ofSeconds(10), () -> memory.waiting() == 1);
        huge.close();
        next.get();
    }

    @Test
    void aSecondImageOfTheSameItemNeverWaits() throws Exception {
        WorkBudget item = reserved(60);
        memory.reserve(10, 6, item); // a second input image: waiting while holding could deadlock two such items
        assertThat(memory.inUse()).isEqualTo(120 * PIXEL);
        item.close();
        assertThat(memory.inUse()).isZero();
    }

    @Test
    void aCancelledItemStopsWaiting() {
        WorkBudget holder = reserved(100);
        WorkBudget waiter = new WorkBudget(null);
        CompletableFuture<Void> waiting = reserveLater(waiter, 10);
        Await.until("the item to wait", Duration.ofSeconds(10), () -> memory.waiting() == 1);
        waiter.cancel("run 3 was cancelled");
        Await.until("the wait to end", Duration.ofSeconds(10), waiting::isDone);
        assertThat(waiting).isCompletedExceptionally();
        assertThat(memory.inUse()).isEqualTo(100 * PIXEL);
        holder.close();
    }

    @Test
    void codeOutsideAnyItemReservesNothing() throws Exception {
        memory.reserve(1_000, 1_000, WorkBudget.current());
        assertThat(memory.inUse()).isZero();
    }

    private WorkBudget reserved(long pixels) {
        WorkBudget budget = new WorkBudget(null);
        try {
            memory.reserve(pixels, 1, budget);
        } catch (java.io.InterruptedIOException e) {
            throw new AssertionError(e);
        }
        return budget;
    }

    private CompletableFuture<Void> reserveLater(WorkBudget budget, long pixels) {
        return CompletableFuture.runAsync(() -> {
            try {
                memory.reserve(pixels, 1, budget);
            } catch (java.io.InterruptedIOException e) {
                throw new AssertionError(e);
            }
        }, threads);
    }
}
