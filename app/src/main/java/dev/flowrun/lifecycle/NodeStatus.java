package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The state of one node for one item ({@code docs/lifecycle.md}); a node without a stored state is pending. Stored
 * and shown as the lower-case name.
 */
public enum NodeStatus {
    PENDING, RUNNING, COMPLETED, FAILED, SKIPPED;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public static NodeStatus stored(String value) {
        return StoredStatus.of(values(), NodeStatus::json, value);
    }
}
