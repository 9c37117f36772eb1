package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Where a run's {@code run.finished} delivery stands ({@code docs/lifecycle.md}): pending until the receiver
 * acknowledges it or the retries run out. Stored and shown as the lower-case name.
 */
public enum DeliveryStatus {
    PENDING, DELIVERED, FAILED;

    /** The allowed changes, from each status: pending stays pending while retries are left. */
    public static final Map<DeliveryStatus, Set<DeliveryStatus>> ALLOWED = Map.of(
            PENDING, EnumSet.of(PENDING, DELIVERED, FAILED),
            DELIVERED, EnumSet.noneOf(DeliveryStatus.class),
            FAILED, EnumSet.noneOf(DeliveryStatus.class));

    public boolean mayBecome(DeliveryStatus next) {
        return ALLOWED.get(this).contains(next);
    }

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public static DeliveryStatus stored(String value) {
        return StoredStatus.of(values(), DeliveryStatus::json, value);
    }
}
