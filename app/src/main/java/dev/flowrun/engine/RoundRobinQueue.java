package dev.flowrun.engine;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Waiting items, one FIFO per run, served in turn: a one-item run created behind a run of thousands is
 * taken after at most one item of each other waiting run, not after all of them.
 */
final class RoundRobinQueue {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Map<Long, ArrayDeque<Long>> itemsByRun = new HashMap<>();
    private final ArrayDeque<Long> turns = new ArrayDeque<>();
    private int size;

    void add(long runId, List<Long> itemIds) {
        if (itemIds.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            ArrayDeque<Long> items = itemsByRun.get(runId);
            if (items == null) {
                items = new ArrayDeque<>(itemIds.size());
                itemsByRun.put(runId, items);
                turns.addLast(runId);
            }
            items.addAll(itemIds);
            size += itemIds.size();
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The next item in turn, or null if none came within the timeout. */
    ItemTask poll(long timeout, TimeUnit unit) throws InterruptedException {
        long nanos = unit.toNanos(timeout);
        lock.lockInterruptibly();
        try {
            while (turns.isEmpty()) {
                if (nanos <= 0) {
                    return null;
                }
                nanos = notEmpty.awaitNanos(nanos);
            }
            long runId = turns.pollFirst();
            ArrayDeque<Long> items = itemsByRun.get(runId);
            long itemId = items.pollFirst();
            if (items.isEmpty()) {
                itemsByRun.remove(runId);
            } else {
                turns.addLast(runId);
            }
            size--;
            return new ItemTask(runId, itemId);
        } finally {
            lock.unlock();
        }
    }

    /** Forgets a run's waiting items (its run was cancelled: they are no longer queued in the database). */
    void drop(long runId) {
        lock.lock();
        try {
            ArrayDeque<Long> items = itemsByRun.remove(runId);
            if (items != null) {
                turns.remove(runId);
                size -= items.size();
            }
        } finally {
            lock.unlock();
        }
    }

    int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }
}
