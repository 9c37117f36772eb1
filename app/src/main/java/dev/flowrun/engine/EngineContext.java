package dev.flowrun.engine;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.db.Dialect;
import java.time.Clock;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;

/**
 * The database the engine works from and whether it answers now, its clock, and the id of this instance, under which
 * it claims work. {@code dialect}: PostgreSQL is shared with other instances, H2 is this process's alone.
 */
public record EngineContext(Jdbi jdbi, Dialect dialect, DatabaseAvailability database, Clock clock,
                            Supplier<String> instance) {

    /** Other instances claim from the same database. */
    boolean shared() {
        return !dialect.exclusive();
    }
}
