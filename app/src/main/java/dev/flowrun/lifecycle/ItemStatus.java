package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.flowrun.metrics.Metrics;

/**
 * An item's status ({@code RunItem} in openapi.json; drawn in {@code docs/lifecycle.md}). Stored and shown as the
 * lower-case name.
 */
public enum ItemStatus implements Metrics.Status {
    QUEUED, RUNNING, COMPLETED, FAILED, CANCELLED;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }

    public static ItemStatus stored(String value) {
        return StoredStatus.of(values(), ItemStatus::json, value);
    }
}
