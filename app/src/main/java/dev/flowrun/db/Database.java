package dev.flowrun.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/** The one connection pool and the one {@link Jdbi} of the process; migrated before anything uses it. */
public final class Database implements AutoCloseable {
    private final HikariDataSource dataSource;
    private final Jdbi jdbi;
    private final boolean h2;

    private Database(HikariDataSource dataSource, boolean h2) {
        this.dataSource = dataSource;
        this.jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
        this.h2 = h2;
    }

    public static Database open(String jdbcUrl, int maxConnections) {
        var config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        H2Settings.missingFrom(jdbcUrl).forEach(config::addDataSourceProperty);
        config.setMaximumPoolSize(maxConnections);
        config.setPoolName("flowrun-db");
        Database database;
        try {
            database = new Database(new HikariDataSource(config), jdbcUrl.startsWith("jdbc:h2:"));
        } catch (RuntimeException e) {
            throw OpenFailures.of(jdbcUrl, e);
        }
        try {
            new Migrations(database.jdbi).apply();
        } catch (RuntimeException e) {
            database.close();
            throw OpenFailures.of(jdbcUrl, e);
        }
        return database;
    }

    public Jdbi jdbi() {
        return jdbi;
    }

    /**
     * Writes what has been committed to the database file now. H2 does it in the background within its write delay
     * (half a second), so a {@code kill -9} just after a commit undid it: runs created, keys revoked, all answered
     * 2xx (bench/chaos). Called before such an answer goes out. A write, not a sync: the operating system keeps it
     * when the process dies. PostgreSQL commits durably by itself.
     */
    public void flushCommits() {
        if (h2) {
            jdbi.useHandle(handle -> handle.execute("CHECKPOINT"));
        }
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
