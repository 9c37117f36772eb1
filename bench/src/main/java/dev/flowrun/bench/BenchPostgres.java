package dev.flowrun.bench;

import dev.flowrun.support.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The PostgreSQL of the phases that need one: the tests' private cluster ({@link TestPostgres}: a temporary
 * directory, a free loopback port, gone when this JVM ends), a database per store or per set of instances. It runs
 * without fsync and with asynchronous commits: a commit costs no disk flush here, unlike on a durable server, so
 * the figures leave out what the database's own writes would cost.
 */
final class BenchPostgres {
    private BenchPostgres() {
    }

    /** A new empty database; its JDBC URL. */
    static String freshDatabase(String name) {
        return TestPostgres.freshDatabase(name);
    }

    /**
     * A new database {@code name}, a copy of {@code templateUrl}'s made by PostgreSQL itself (CREATE DATABASE …
     * TEMPLATE): nothing may be connected to the template meanwhile, so close every pool on it first.
     */
    static String copy(String templateUrl, String name) throws SQLException {
        try (Connection admin = DriverManager.getConnection(withDatabase(templateUrl, "postgres"));
             Statement statement = admin.createStatement()) {
            statement.execute("CREATE DATABASE " + name + " TEMPLATE " + database(templateUrl));
        }
        return withDatabase(templateUrl, name);
    }

    static void drop(String url) {
        TestPostgres.drop(url);
    }

    private static String database(String url) {
        return url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
    }

    private static String withDatabase(String url, String database) {
        return url.substring(0, url.lastIndexOf('/') + 1) + database + url.substring(url.indexOf('?'));
    }
}
