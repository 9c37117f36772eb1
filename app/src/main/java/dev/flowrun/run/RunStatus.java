package dev.flowrun.run;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.flowrun.metrics.Metrics;

/** A run's status ({@code Run} in openapi.json). The last four are terminal. */
public enum RunStatus implements Metrics.Status {
    QUEUED, RUNNING, COMPLETED, FAILED, PARTIAL, CANCELLED;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public boolean terminal() {
        return this != QUEUED && this != RUNNING;
    }

    public static RunStatus parse(String value) {
        for (RunStatus status : values()) {
            if (status.json().equals(value)) {
                return status;
            }
        }
        return null;
    }
}
