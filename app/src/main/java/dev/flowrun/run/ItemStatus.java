package dev.flowrun.run;

import com.fasterxml.jackson.annotation.JsonValue;

/** Contract §5 "Items". */
public enum ItemStatus {
    QUEUED, RUNNING, COMPLETED, FAILED, CANCELLED;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
