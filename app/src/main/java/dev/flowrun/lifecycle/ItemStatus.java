package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.flowrun.metrics.Metrics;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * An item's status ({@code RunItem} in openapi.json; drawn in {@code docs/lifecycle.md}). Stored and shown as the
 * lower-case name. {@link #ALLOWED} is the machine; a queued item of a paused run is still queued (and held).
 */
public enum ItemStatus implements Metrics.Status {
    QUEUED, RUNNING, COMPLETED, FAILED, CANCELLED;

    public static final Set<ItemStatus> TERMINAL = EnumSet.of(COMPLETED, FAILED, CANCELLED);
    /** What a retry runs again. */
    public static final Set<ItemStatus> RETRIED = EnumSet.of(FAILED, CANCELLED);

    /**
     * The allowed changes, from each status: a running item goes back to queued when taken over or given back, and
     * ends cancelled when its run was cancelled meanwhile.
     */
    public static final Map<ItemStatus, Set<ItemStatus>> ALLOWED = Map.of(
            QUEUED, EnumSet.of(RUNNING, CANCELLED),
            RUNNING, EnumSet.of(COMPLETED, FAILED, CANCELLED, QUEUED),
            COMPLETED, EnumSet.noneOf(ItemStatus.class),
            FAILED, EnumSet.noneOf(ItemStatus.class),
            CANCELLED, EnumSet.noneOf(ItemStatus.class));

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public boolean terminal() {
        return TERMINAL.contains(this);
    }

    public boolean mayBecome(ItemStatus next) {
        return ALLOWED.get(this).contains(next);
    }

    public static ItemStatus stored(String value) {
        return StoredStatus.of(values(), ItemStatus::json, value);
    }
}
