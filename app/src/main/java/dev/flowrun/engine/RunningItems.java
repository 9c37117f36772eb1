package dev.flowrun.engine;

import dev.flowrun.work.WorkBudget;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The budgets of the items this instance is executing, by run, so that cancelling a run reaches into its running
 * items (they stop at their next check instead of finishing work whose result is thrown away) and a stop of the
 * service reaches all of them.
 */
final class RunningItems {
    /** How long a cancel is remembered for items registered after it (claimed just before the cancel committed). */
    private static final long REMEMBER_NANOS = TimeUnit.MINUTES.toNanos(1);
    private final Map<Long, Set<WorkBudget>> byRun = new ConcurrentHashMap<>();
    private final Map<Long, Long> cancelledAt = new ConcurrentHashMap<>();

    /**
     * Registered after the item's claim committed; a cancel of its run may have come in between (a claim does not
     * wait for a cancel), so a recent cancel stops it at once.
     */
    void add(long runId, WorkBudget budget) {
        byRun.computeIfAbsent(runId, id -> ConcurrentHashMap.newKeySet()).add(budget);
        if (cancelledAt.containsKey(runId)) {
            budget.cancel("run " + runId + " was cancelled");
        }
    }

    void remove(long runId, WorkBudget budget) {
        byRun.computeIfPresent(runId, (id, budgets) -> {
            budgets.remove(budget);
            return budgets.isEmpty() ? null : budgets;
        });
    }

    void cancelRun(long runId) {
        long now = System.nanoTime();
        cancelledAt.values().removeIf(at -> now - at > REMEMBER_NANOS);
        cancelledAt.put(runId, now);
        Set<WorkBudget> budgets = byRun.get(runId);
        if (budgets != null) {
            budgets.forEach(budget -> budget.cancel("run " + runId + " was cancelled"));
        }
    }

    void cancelAll(String why) {
        byRun.values().forEach(budgets -> budgets.forEach(budget -> budget.cancel(why)));
    }
}
