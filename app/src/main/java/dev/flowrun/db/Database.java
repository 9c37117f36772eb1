package dev.flowrun.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/** The one connection pool and the one {@link Jdbi} of the process; migrated before anything uses it. */
public final class Database implements AutoCloseable {
    private final HikariDataSource dataSource;
    private final Jdbi jdbi;
    private final Dialect dialect;

    private Database(HikariDataSource dataSource, Dialect dialect) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
    }

    public static Database open(String jdbcUrl, int maxConnections) {
        H2Recovery.beforeOpen(jdbcUrl);
        var config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        H2Settings.missingFrom(jdbcUrl).forEach(config::addDataSourceProperty);
        config.setMaximumPoolSize(maxConnections);
        config.setPoolName("flowrun-db");
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

    public Jdbi jdbi() {
        return jdbi;
    }

    public Dialect dialect() {
        return dialect;
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
