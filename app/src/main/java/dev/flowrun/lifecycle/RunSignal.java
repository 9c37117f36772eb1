package dev.flowrun.lifecycle;

/** One change of a run, with the run's row as the transaction that made the change leaves it. */
public record RunSignal(RunChange change, RunRow run) {
    public long runId() {
        return run.id();
    }
}
