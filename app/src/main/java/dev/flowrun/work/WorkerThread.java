package dev.flowrun.work;

/**
 * A thread that runs items, with a field for the budget of the item it is running. {@link WorkBudget#check()} runs
 * once per row of every image loop; on the service's worker threads, whose thread-local maps hold the entries of
 * the database driver, the pool, JSON and logging, the thread-local lookup it did missed its slot and probed on:
 * 3% of the workers' CPU time, where a field read costs nothing.
 */
public final class WorkerThread extends Thread {
    WorkBudget budget;

    public WorkerThread(Runnable body, String name) {
        super(body, name);
    }
}
