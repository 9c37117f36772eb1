package dev.flowrun.lifecycle;

import org.jdbi.v3.core.statement.SqlStatement;

/**
 * Whose work a takeover moves: one instance whose lease ran out, or, on a database only this process can open (H2),
 * everything not this process's own, including work from before instances had ids.
 */
public final class Abandoned {
    private final String deadId;
    private final String taker;

    private Abandoned(String deadId, String taker) {
        this.deadId = deadId;
        this.taker = taker;
    }

    public static Abandoned by(String deadId, String taker) {
        return new Abandoned(deadId, taker);
    }

    public static Abandoned allBut(String taker) {
        return new Abandoned(null, taker);
    }

    /** The instance taking the work over. */
    public String taker() {
        return taker;
    }

    /** A condition on {@code column} (a claimed-by column) matching the abandoned work; bind it with {@link #bind}. */
    public String where(String column) {
        return deadId != null ? column + " = :abandonedBy"
                : "(" + column + " IS NULL OR " + column + " <> :abandonedExcept)";
    }

    /** Binds what {@link #where} refers to (and nothing else: JDBI refuses bindings a statement does not use). */
    public <T extends SqlStatement<T>> T bind(T statement) {
        return deadId != null ? statement.bind("abandonedBy", deadId) : statement.bind("abandonedExcept", taker);
    }

    @Override
    public String toString() {
        return deadId != null ? "instance " + deadId : "every earlier process";
    }
}
