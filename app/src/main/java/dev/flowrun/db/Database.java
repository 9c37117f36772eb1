package dev.flowrun.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.flowrun.work.Background;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/** The one connection pool and the one {@link Jdbi} of the process; migrated before anything uses it. */
public final class Database implements AutoCloseable {
    static final long CONNECTION_TIMEOUT_MILLIS = 3_000;
    static final long VALIDATION_TIMEOUT_MILLIS = 1_000;
    private final HikariDataSource dataSource;
    private final Jdbi jdbi;
    private final Dialect dialect;
    private final DatabaseAvailability availability;

    private Database(HikariDataSource dataSource, Dialect dialect) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
        this.availability = new DatabaseAvailability(jdbi, this::renewConnections);
    }

    public static Database open(String jdbcUrl, int maxConnections) {
        makeFolder(jdbcUrl);
        H2Recovery.beforeOpen(jdbcUrl);
        var config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        H2Settings.missingFrom(jdbcUrl).forEach(config::addDataSourceProperty);
        config.setMaximumPoolSize(maxConnections);
        config.setPoolName("flowrun-db");
        // While the database is away a request waits this long for a connection, then answers 503: within the 5 s
        // the README promises, where Hikari's 30 s default held every request half a minute and then failed it.
        config.setConnectionTimeout(CONNECTION_TIMEOUT_MILLIS);
        config.setValidationTimeout(VALIDATION_TIMEOUT_MILLIS);
        Database database;
        try {
            database = new Database(new HikariDataSource(config), Dialect.of(jdbcUrl));
        } catch (RuntimeException e) {
            throw OpenFailures.of(jdbcUrl, e);
        }
        try {
            new Migrations(database.jdbi, database.dialect).apply();
        } catch (RuntimeException e) {
            database.close();
            throw OpenFailures.of(jdbcUrl, e);
        }
        return database;
    }

    /**
     * Makes the folder of an H2 file before H2 does: the database opens on a thread of its own while the file store
     * makes its folders in the same data directory, and H2's own making fails ("a file with this name already
     * exists") when the folder appears between its look and its making. Nothing here for a URL that is not an H2
     * file; a folder that cannot be made is H2's to report, in its words.
     */
    private static void makeFolder(String jdbcUrl) {
        Path file = H2Recovery.storeFile(jdbcUrl);
        if (file != null && file.getParent() != null) {
            try {
                Files.createDirectories(file.getParent());
            } catch (IOException e) {
                // H2's opening says what is wrong with the folder.
            }
        }
    }

    /**
     * {@link #open} on a thread of its own: the start goes on with the rest (logging, JSON, the model on another
     * thread) while H2 opens and the migrations are checked.
     */
    public static Background<Database> opening(String jdbcUrl, int maxConnections) {
        return Background.start("database-open", () -> open(jdbcUrl, maxConnections));
    }

    public Jdbi jdbi() {
        return jdbi;
    }

    /**
     * A connection of the pool to keep (PostgreSQL's LISTEN): counted in the pool's size like any other, closed to
     * give it back.
     */
    public Connection connection() throws SQLException {
        return dataSource.getConnection();
    }

    public Dialect dialect() {
        return dialect;
    }

    /** Whether the database answers; what waits for it to come back. */
    public DatabaseAvailability availability() {
        return availability;
    }

    /**
     * Closes the pool's connections (those in use as they come back), so that the next ones are new: an H2 database
     * that closed itself (its disk was full) opens again on a new connection, never on the old ones.
     */
    private void renewConnections() {
        var pool = dataSource.getHikariPoolMXBean();
        if (pool != null) {
            pool.softEvictConnections();
        }
    }

    @Override
    public void close() {
        availability.stop();
        dataSource.close();
    }
}
