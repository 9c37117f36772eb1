package dev.flowrun.lifecycle;

import java.util.List;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way a run's end, cancel, pause and resume are told. Every transition that makes one of these changes
 * ({@link RunTransitions}, {@link RunPause}) sends it here, inside its transaction and only when its conditional update
 * changed the row; the listeners are registered once, by the app's composition ({@link #listen}), in the order they
 * are told. The run's row is read once for all of them.
 */
public final class RunSignals {
    private static final Logger LOG = LoggerFactory.getLogger(RunSignals.class);
    private volatile List<RunListener> listeners;

    /** Signals with no listener yet: {@link #listen} registers them once the parts that listen exist. */
    public RunSignals() {
    }

    /** Signals heard by {@code listeners}, in this order. */
    public static RunSignals of(RunListener... listeners) {
        RunSignals signals = new RunSignals();
        signals.listen(listeners);
        return signals;
    }

    /**
     * Registers every listener, once: the engine both sends signals and hears them, so the signals are made before it
     * and listened to after.
     */
    public synchronized void listen(RunListener... listeners) {
        if (this.listeners != null) {
            throw new IllegalStateException("the run-signal's listeners are registered once");
        }
        this.listeners = List.of(listeners);
    }

    /** Tells every listener of {@code change} in {@code handle}'s transaction, and again once it has committed. */
    void send(Handle handle, long runId, RunChange change) {
        List<RunListener> told = listeners;
        if (told == null) {
            throw new IllegalStateException("run " + runId + " " + change + " before any listener was registered");
        }
        if (told.isEmpty()) {
            return;
        }
        RunSignal signal = new RunSignal(change, handle.attach(RunRows.class).findRun(runId).orElseThrow());
        for (RunListener listener : told) {
            listener.during(handle, signal);
        }
        handle.afterCommit(() -> {
            for (RunListener listener : told) {
                try {
                    listener.after(signal);
                } catch (RuntimeException e) {
                    // The change has committed: one listener's failure must not keep the others from hearing of it.
                    LOG.error("run {}: a listener of {} failed after the commit", runId, change, e);
                }
            }
        });
    }
}
