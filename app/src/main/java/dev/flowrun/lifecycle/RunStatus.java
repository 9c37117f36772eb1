package dev.flowrun.lifecycle;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.flowrun.metrics.Metrics;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * A run's status ({@code Run} in openapi.json; drawn in {@code docs/lifecycle.md}). The last four are terminal. Stored
 * and shown as the lower-case name. {@link #ALLOWED} is the machine: every change of a run's status is one of its
 * arrows, and the SQL that makes it binds these sets ({@link StatusBinds}) rather than spelling them. A pause is not a
 * status: it is a mark beside an {@link #ACTIVE} one ({@code runs.paused_at}).
 */
public enum RunStatus implements Metrics.Status {
    QUEUED, RUNNING, COMPLETED, FAILED, PARTIAL, CANCELLED;

    /** Not terminal: the run may still start items, be counted, paused, resumed or cancelled. */
    public static final Set<RunStatus> ACTIVE = EnumSet.of(QUEUED, RUNNING);
    public static final Set<RunStatus> TERMINAL = EnumSet.complementOf(EnumSet.of(QUEUED, RUNNING));

    /** The allowed changes, from each status (JobRunr's AllowedJobStateStateChanges). */
    public static final Map<RunStatus, Set<RunStatus>> ALLOWED = Map.of(
            QUEUED, EnumSet.of(RUNNING, FAILED, CANCELLED),
            RUNNING, EnumSet.of(COMPLETED, PARTIAL, FAILED, CANCELLED),
            COMPLETED, EnumSet.noneOf(RunStatus.class),
            FAILED, EnumSet.noneOf(RunStatus.class),
            PARTIAL, EnumSet.noneOf(RunStatus.class),
            CANCELLED, EnumSet.noneOf(RunStatus.class));

    @JsonValue
    public String json() {
        return name().toLowerCase();
    }

    public boolean terminal() {
        return TERMINAL.contains(this);
    }

    public boolean mayBecome(RunStatus next) {
        return ALLOWED.get(this).contains(next);
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
