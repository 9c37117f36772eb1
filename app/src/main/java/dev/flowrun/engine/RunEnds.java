package dev.flowrun.engine;

import dev.flowrun.lifecycle.RunFinishedListener;
import java.util.function.LongConsumer;

/**
 * What happens when the engine makes a run terminal: {@code listener} inside the transaction that did
 * ({@code docs/lifecycle.md}), {@code afterwards} once it committed (the run's archive is built then).
 */
public record RunEnds(RunFinishedListener listener, LongConsumer afterwards) {
}
