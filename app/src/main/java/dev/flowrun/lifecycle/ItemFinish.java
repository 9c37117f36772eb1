package dev.flowrun.lifecycle;

/** What became of an item's end ({@link ItemTransitions#finish}). */
public enum ItemFinish {
    /** Counted into its run, which goes on. */
    COUNTED,
    /** Counted, and it was the run's last: the run is terminal and its {@code run.finished} queued. */
    RUN_FINISHED,
    /** Its run had been cancelled meanwhile: the item ends cancelled, its outputs to be deleted. */
    DISCARDED,
    /** Its claim had been taken over (this instance was thought gone): another attempt counts, this one nothing. */
    TAKEN_OVER
}
