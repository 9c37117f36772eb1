package dev.flowrun.run;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.flowrun.metrics.Metrics;

/** An item's status ({@code RunItem} in openapi.json). */
public enum ItemStatus implements Metrics.Status {
    QUEUED, RUNNING, COMPLETED, FAILED, CANCELLED;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
