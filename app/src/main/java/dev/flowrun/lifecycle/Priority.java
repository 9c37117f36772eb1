package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A run's priority ({@code high}, {@code normal}, {@code low}; contract §5): items of higher runs start first, on
 * every instance. Stored as its rank on the run and, for the claim's one index range, on each of its items.
 */
public enum Priority {
    HIGH, NORMAL, LOW;

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    /** 0 first: the claim orders by it. */
    public int rank() {
        return ordinal();
    }

    public static Priority ofRank(int rank) {
        return values()[rank];
    }

    /** The priority a requested text names; null when it names none. */
    public static Priority parse(String value) {
        for (Priority priority : values()) {
            if (priority.json().equals(value)) {
                return priority;
            }
        }
        return null;
    }
}
