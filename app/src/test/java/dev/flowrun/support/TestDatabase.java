package dev.flowrun.support;

/**
 * A database for a test that opens one itself: H2 in memory, or with {@code -Dflowrun.test.db=postgresql} a fresh
 * database of {@link TestPostgres}, so that the same test runs on either. Closing drops the PostgreSQL one.
 */
public record TestDatabase(String url) implements AutoCloseable {

    /** Whether this JVM runs the database-facing tests on PostgreSQL (the surefire execution {@code postgresql}). */
    public static boolean postgresql() {
        return "postgresql".equals(System.getProperty("flowrun.test.db"));
    }

    public static TestDatabase fresh(String name) {
        return new TestDatabase(postgresql() ? TestPostgres.freshDatabase(name)
                : "jdbc:h2:mem:" + name + "-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
    }

    @Override
    public void close() {
        if (postgresql()) {
            TestPostgres.drop(url);
        }
    }
}
