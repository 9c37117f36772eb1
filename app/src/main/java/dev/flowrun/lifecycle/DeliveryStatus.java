package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a run's {@code run.finished} delivery stands ({@code docs/lifecycle.md}): pending until the receiver
 * acknowledges it or the retries run out. Stored and shown as the lower-case name.
 */
public enum DeliveryStatus {
    PENDING, DELIVERED, FAILED;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public static DeliveryStatus stored(String value) {
        return StoredStatus.of(values(), DeliveryStatus::json, value);
    }
}
