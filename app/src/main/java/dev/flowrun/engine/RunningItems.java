package dev.flowrun.engine;

import dev.flowrun.work.WorkBudget;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The budgets of the items this instance is executing, by run, so that cancelling a run reaches into its running
 * items (they stop at their next check instead of finishing work whose result is thrown away) and a stop of the
 * service reaches all of them.
 */
final class RunningItems {
    private final Map<Long, Set<WorkBudget>> byRun = new ConcurrentHashMap<>();

    /** Registered before the item is claimed: a cancel committed after the claim then always finds it. */
    void add(long runId, WorkBudget budget) {
        byRun.computeIfAbsent(runId, id -> ConcurrentHashMap.newKeySet()).add(budget);
    }

    void remove(long runId, WorkBudget budget) {
        byRun.computeIfPresent(runId, (id, budgets) -> {
            budgets.remove(budget);
            return budgets.isEmpty() ? null : budgets;
        });
    }

    void cancelRun(long runId) {
        Set<WorkBudget> budgets = byRun.get(runId);
        if (budgets != null) {
            budgets.forEach(budget -> budget.cancel("run " + runId + " was cancelled"));
        }
    }

    void cancelAll(String why) {
        byRun.values().forEach(budgets -> budgets.forEach(budget -> budget.cancel(why)));
    }
}
