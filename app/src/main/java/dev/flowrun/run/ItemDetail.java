package dev.flowrun.run;

/** The get-item response: the run without items, and the item with its node states. */
public record ItemDetail(RunView run, ItemView item) {
}
