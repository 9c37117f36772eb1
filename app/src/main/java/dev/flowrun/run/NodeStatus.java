package dev.flowrun.run;

import com.fasterxml.jackson.annotation.JsonValue;

/** The state of one node for one item. */
public enum NodeStatus {
    PENDING, RUNNING, COMPLETED, FAILED, SKIPPED;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }
}
