package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The state of one node for one item ({@code docs/lifecycle.md}); a node without a stored state is pending. Stored
 * and shown as the lower-case name.
 */
public enum NodeStatus {
    PENDING, RUNNING, COMPLETED, FAILED, SKIPPED;

    /** The allowed changes, from each status: an item run again forgets its node states (all pending). */
    public static final Map<NodeStatus, Set<NodeStatus>> ALLOWED = Map.of(
            PENDING, EnumSet.of(RUNNING, SKIPPED),
            RUNNING, EnumSet.of(COMPLETED, FAILED, PENDING),
            COMPLETED, EnumSet.of(PENDING),
            FAILED, EnumSet.of(PENDING),
            SKIPPED, EnumSet.of(PENDING));

    public boolean mayBecome(NodeStatus next) {
        return ALLOWED.get(this).contains(next);
    }

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public static NodeStatus stored(String value) {
        return StoredStatus.of(values(), NodeStatus::json, value);
    }
}
