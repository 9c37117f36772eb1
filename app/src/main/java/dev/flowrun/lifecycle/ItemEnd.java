package dev.flowrun.lifecycle;

import java.util.List;

/**
 * How an item's attempt ended, as its worker saw it: {@link ItemStatus#COMPLETED} with its outputs, or
 * {@link ItemStatus#FAILED} with an error code and message; {@code needsReview}: a cut-out of it was graded below
 * FLOWRUN_REVIEW_BELOW.
 */
public record ItemEnd(ItemStatus status, String errorCode, String errorMessage, List<OutputRow> outputs,
                      boolean needsReview) {
    public ItemEnd {
        if (status != ItemStatus.COMPLETED && status != ItemStatus.FAILED) {
            throw new IllegalArgumentException("an attempt ends completed or failed, not " + status);
        }
        outputs = List.copyOf(outputs);
    }

    boolean ok() {
        return status == ItemStatus.COMPLETED;
    }
}
