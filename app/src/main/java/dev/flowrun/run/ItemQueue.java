package dev.flowrun.run;

import java.util.List;

/** Where created items go to be executed; the database stays the truth, this only says "work is waiting". */
public interface ItemQueue {
    void enqueue(long runId, List<Long> itemIds);

    /** The run's waiting items are no longer queued in the database (it was cancelled): forget them. */
    void drop(long runId);
}
