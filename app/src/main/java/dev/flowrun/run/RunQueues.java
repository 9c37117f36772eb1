package dev.flowrun.run;

import dev.flowrun.lifecycle.ItemQueue;
import dev.flowrun.lifecycle.ZipQueue;

/** Where a new run's work goes: its items to the workers, its archive (a zip run) to be read. */
public record RunQueues(ItemQueue items, ZipQueue zips) {
}
