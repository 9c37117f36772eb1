package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.flowrun.metrics.Metrics;

/**
 * A run's status ({@code Run} in openapi.json; drawn in {@code docs/lifecycle.md}). The last four are terminal. Stored
 * and shown as the lower-case name.
 */
public enum RunStatus implements Metrics.Status {
    QUEUED, RUNNING, COMPLETED, FAILED, PARTIAL, CANCELLED;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public boolean terminal() {
        return this != QUEUED && this != RUNNING;
    }

    /** The status a stored or requested text names; null when it names none. */
    public static RunStatus parse(String value) {
        for (RunStatus status : values()) {
            if (status.json().equals(value)) {
                return status;
            }
        }
        return null;
    }

    /** A status as stored, which is always one of these. */
    public static RunStatus stored(String value) {
        return StoredStatus.of(values(), RunStatus::json, value);
    }
}
