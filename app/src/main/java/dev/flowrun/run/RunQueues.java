package dev.flowrun.run;

/** Where a new run's work goes: its items to the workers, its archive (a zip run) to be read. */
public record RunQueues(ItemQueue items, ZipQueue zips) {
}
