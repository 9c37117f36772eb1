package dev.flowrun.lifecycle;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.statement.SqlStatement;
import org.jdbi.v3.core.statement.SqlStatements;

/**
 * The lifecycle's SQL names statuses, never spells them: {@code :run_queued}, {@code :item_running},
 * {@code :delivery_pending} (one status, {@code <machine>_<status>}) and {@code <run_active>}, {@code <run_terminal>},
 * {@code <item_retried>} (a set of the status types, bound as a list). {@link #bind} binds every name on a
 * statement, so a statement uses those it needs; the texts come from the enums, and the schema's CHECK constraints
 * (migration V32) hold the same sets.
 */
public final class StatusBinds {
    private static final Map<String, String> SINGLE = new LinkedHashMap<>();
    private static final Map<String, List<String>> SETS = new LinkedHashMap<>();

    static {
        single("run", RunStatus.values());
        single("item", ItemStatus.values());
        single("node", NodeStatus.values());
        single("delivery", DeliveryStatus.values());
        SETS.put("run_active", texts(RunStatus.ACTIVE));
        SETS.put("run_terminal", texts(RunStatus.TERMINAL));
        SETS.put("item_terminal", texts(ItemStatus.TERMINAL));
        SETS.put("item_retried", texts(ItemStatus.RETRIED));
    }

    private StatusBinds() {
    }

    private static void single(String machine, Enum<?>[] values) {
        for (Enum<?> status : values) {
            SINGLE.put(machine + "_" + status.name().toLowerCase(), status.name().toLowerCase());
        }
    }

    /** The stored texts of a set of statuses. */
    public static List<String> texts(Collection<? extends Enum<?>> statuses) {
        return statuses.stream().map(status -> status.name().toLowerCase()).toList();
    }

    /** Binds every status name and set on {@code statement}; those its SQL does not use are let be. */
    public static <T extends SqlStatement<T>> T bind(T statement) {
        statement.getConfig(SqlStatements.class).setUnusedBindingAllowed(true);
        SINGLE.forEach(statement::bind);
        SETS.forEach(statement::bindList);
        return statement;
    }

    /** {@link #bind} for a statement of any type (a SqlObject's customizer is given one). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void bindAny(SqlStatement<?> statement) {
        bind((SqlStatement) statement);
    }
}
