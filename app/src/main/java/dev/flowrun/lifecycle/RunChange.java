package dev.flowrun.lifecycle;

/** What a run-signal tells: the run ended (by its last item or a failed archive, or by a cancel), or its pause. */
public enum RunChange {
    /** The run's first terminal status other than {@code cancelled}: its last item counted, or its archive unread. */
    FINISHED,
    /** A cancel made the run terminal. */
    CANCELLED,
    PAUSED,
    RESUMED;

    /** The run is terminal from this change on (its one {@code run.finished} is owed). */
    public boolean ended() {
        return this == FINISHED || this == CANCELLED;
    }
}
