package dev.flowrun.lifecycle;

import org.jdbi.v3.core.Handle;

/**
 * Tells the workers of every instance about changes to the queue, which is the database itself: called inside the
 * transaction that makes the change, acted on when it commits.
 */
public interface ItemQueue {
    /** The transaction queues items: idle workers, here and on other instances, look for them once it commits. */
    void itemsQueued(Handle handle);

    /** The transaction cancels the run: its items running anywhere stop at their next check once it commits. */
    void runCancelled(Handle handle, long runId);
}
