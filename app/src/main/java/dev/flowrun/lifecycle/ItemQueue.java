package dev.flowrun.lifecycle;

import org.jdbi.v3.core.Handle;

/**
 * Tells the workers of every instance about items queued, the queue being the database itself: called inside the
 * transaction that queues them, acted on when it commits. A cancel or a resume reaches the workers as a run-signal
 * ({@link RunSignals}).
 */
public interface ItemQueue {
    /** The transaction queues items: idle workers, here and on other instances, look for them once it commits. */
    void itemsQueued(Handle handle);
}
