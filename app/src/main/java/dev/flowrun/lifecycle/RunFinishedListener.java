package dev.flowrun.lifecycle;

import org.jdbi.v3.core.Handle;

/**
 * Told, inside the very transaction that made a run terminal for the first time, that it did. Every path
 * to a terminal status (last item counted, cancel, a zip that fails) calls it exactly there, and only
 * when its conditional update changed the row: that is what makes "one event per run" hold under races.
 */
public interface RunFinishedListener {
    RunFinishedListener NONE = (handle, runId) -> { };

    void runFinished(Handle handle, long runId);

    /** Each of {@code listeners} in turn. */
    static RunFinishedListener all(RunFinishedListener... listeners) {
        return (handle, runId) -> {
            for (RunFinishedListener listener : listeners) {
                listener.runFinished(handle, runId);
            }
        };
    }
}
