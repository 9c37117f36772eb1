package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RoundRobinQueueTest {

    static List<Long> drain(RoundRobinQueue queue) throws InterruptedException {
        List<Long> items = new ArrayList<>();
        for (ItemTask task; (task = queue.poll(0, TimeUnit.MILLISECONDS)) != null; ) {
            items.add(task.itemId());
        }
        return items;
    }

    @Test
    void runsAreServedInTurnEachInItsOwnOrder() throws InterruptedException {
        var queue = new RoundRobinQueue();
        queue.add(1, List.of(1L, 2L, 3L, 4L, 5L));
        queue.add(2, List.of(10L));
        queue.add(3, List.of(20L, 21L));
        assertThat(queue.size()).isEqualTo(8);
        assertThat(drain(queue)).containsExactly(1L, 10L, 20L, 2L, 21L, 3L, 4L, 5L);
        assertThat(queue.size()).isZero();
    }

    @Test
    void itemsAddedLaterToAWaitingRunJoinItsLine() throws InterruptedException {
        var queue = new RoundRobinQueue();
        queue.add(1, List.of(1L));
        queue.add(2, List.of(10L));
        queue.add(1, List.of(2L));
        assertThat(drain(queue)).containsExactly(1L, 10L, 2L);
    }

    @Test
    void droppedRunLeavesTheQueue() throws InterruptedException {
        var queue = new RoundRobinQueue();
        queue.add(1, List.of(1L, 2L));
        queue.add(2, List.of(10L, 11L));
        queue.drop(1);
        assertThat(queue.size()).isEqualTo(2);
        assertThat(drain(queue)).containsExactly(10L, 11L);
    }

    @Test
    void pollWaitsForWorkUntilTheTimeout() throws InterruptedException {
        var queue = new RoundRobinQueue();
        long start = System.nanoTime();
        assertThat(queue.poll(50, TimeUnit.MILLISECONDS)).isNull();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(50));
        new Thread(() -> queue.add(7, List.of(70L))).start();
        assertThat(queue.poll(5, TimeUnit.SECONDS)).isEqualTo(new ItemTask(7, 70));
    }
}
