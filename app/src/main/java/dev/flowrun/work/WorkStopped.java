package dev.flowrun.work;

/**
 * Thrown by {@link WorkBudget#check()} once an item's work must stop: its run was cancelled (or the service is
 * stopping), or it ran past its time limit. Unchecked so that any loop, however deep, can end the item's work
 * without every signature on the way declaring it; the engine turns it into the item's outcome.
 */
public final class WorkStopped extends RuntimeException {
    private final boolean cancelled;

    WorkStopped(String message, boolean cancelled) {
        super(message, null, false, false);
        this.cancelled = cancelled;
    }

    /** True when the run no longer wants the item (its result is discarded); false when time ran out. */
    public boolean cancelled() {
        return cancelled;
    }
}
