package dev.flowrun.lifecycle;

import org.jdbi.v3.core.Handle;

/**
 * Hears every run-signal ({@link RunSignals}), in its two phases: {@link #during} inside the transaction that made
 * the change, only when its conditional update changed the row (what must commit with the change or not at all: the
 * webhook's outbox row, the live event); {@link #after} once that transaction committed (what must not happen for a
 * change that rolled back: waking workers, building the archive, logging).
 */
public interface RunListener {
    default void during(Handle handle, RunSignal signal) {
    }

    default void after(RunSignal signal) {
    }
}
