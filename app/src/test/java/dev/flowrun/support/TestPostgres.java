package dev.flowrun.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A private PostgreSQL cluster, made once per test JVM on the first call and thrown away when the JVM ends: Debian's
 * newest {@code /usr/lib/postgresql/<version>/bin} (else {@code initdb} on the PATH), a temporary directory, a free
 * loopback port, no fsync (nothing outlives the JVM). Each caller gets a database of its own. A cluster that cannot
 * start fails every test that wants one with the same line: never a skip, never a pass.
 */
public final class TestPostgres {
    /** A role that logs in only with {@link #PASSWORD}: every other connection is trusted. */
    public static final String PASSWORD_USER = "flowrun_password_user";
    public static final String PASSWORD = "the-right-password";
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static Cluster cluster;
    private static String failure;

    private TestPostgres() {
    }

    /** A new empty database; its JDBC URL (user postgres, no password). Drop it with {@link #drop}. */
    public static String freshDatabase(String name) {
        String database = ("t" + DATABASES.incrementAndGet() + "_" + name.toLowerCase(Locale.ROOT))
                .replaceAll("[^a-z0-9_]", "_");
        database = database.substring(0, Math.min(database.length(), 63));
        Cluster running = cluster();
        running.admin("CREATE DATABASE " + database);
        return running.url(database) + "?user=postgres";
    }

    /**
     * Drops the database of a URL {@link #freshDatabase} gave, closing whatever connections are still open to it; a
     * null URL (a set-up that failed before making one) drops nothing.
     */
    public static void drop(String url) {
        if (url == null) {
            return;
        }
        String database = name(url);
        cluster().admin("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }

    /** A new empty database owned by {@link #PASSWORD_USER}; its URL with the user and the right password. */
    public static String freshDatabaseOfPasswordUser(String name) {
        String url = freshDatabase(name);
        cluster().admin("ALTER DATABASE " + name(url) + " OWNER TO " + PASSWORD_USER);
        return url.substring(0, url.indexOf('?')) + "?user=" + PASSWORD_USER + "&password=" + PASSWORD;
    }

    private static String name(String url) {
        return url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
    }

    private static synchronized Cluster cluster() {
        if (cluster == null && failure == null) {
            try {
                cluster = Cluster.start();
            } catch (IOException | RuntimeException e) {
                failure = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            }
        }
        if (failure != null) {
            throw new AssertionError("PostgreSQL tests (-Dflowrun.test.db=postgresql) could not start a PostgreSQL"
                    + " cluster: " + failure + " (Debian: apt-get install postgresql)");
        }
        return cluster;
    }

    /**
     * A cluster of the caller's own, apart from the one every other test shares, for tests that stop and restart
     * PostgreSQL under running instances ({@link Cluster#restartFast}, {@link Cluster#stopFast}). Close it at the end.
     */
    public static Cluster ownCluster() {
        try {
            return Cluster.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public record Cluster(Path dir, Path bin, int port, boolean asPostgres) implements AutoCloseable {

        static Cluster start() throws IOException {
            Path bin = binaries();
            boolean root = "root".equals(System.getProperty("user.name"));
            Path dir = Files.createTempDirectory("flowrun-pg");
            if (root) {
                // initdb refuses to run as root, and the server must own its data directory.
                Files.setOwner(dir, postgresUser(dir));
            }
            Cluster cluster = new Cluster(dir, bin, freePort(), root);
            Runtime.getRuntime().addShutdownHook(new Thread(cluster::stop, "test-postgres-stop"));
            cluster.run("initdb", "-D", cluster.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                    "--locale=C.UTF-8", "--no-sync");
            cluster.startServer();
            cluster.admin("CREATE ROLE " + PASSWORD_USER + " LOGIN PASSWORD '" + PASSWORD + "'");
            cluster.requirePassword();
            return cluster;
        }

        /** Starts the server (again); returns once it accepts connections. */
        public void startServer() {
            run("pg_ctl", "-D", data(), "-l", dir.resolve("server.log").toString(), "-w", "-t", "60",
                    "-o", "-F -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
                            + " -c listen_addresses=127.0.0.1 -c port=" + port + " -k " + dir,
                    "start");
        }

        /** {@code pg_ctl restart -m fast}: every connection is cut (57P01), the server is back within a second or two. */
        public void restartFast() {
            run("pg_ctl", "-D", data(), "-l", dir.resolve("server.log").toString(), "-w", "-t", "60", "-m", "fast",
                    "-o", "-F -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
                            + " -c listen_addresses=127.0.0.1 -c port=" + port + " -k " + dir,
                    "restart");
        }

        /** {@code pg_ctl stop -m fast}: connections cut, new ones refused until {@link #startServer}. */
        public void stopFast() {
            run("pg_ctl", "-D", data(), "-w", "-t", "60", "-m", "fast", "stop");
        }

        /** A new empty database of this cluster; its JDBC URL (user postgres, no password). */
        public String freshDatabase(String name) {
            String database = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
            admin("CREATE DATABASE " + database);
            return url(database) + "?user=postgres";
        }

        @Override
        public void close() {
            stop();
        }

        static UserPrincipal postgresUser(Path path) throws IOException {
            try {
                return path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            } catch (UserPrincipalNotFoundException e) {
                throw new IOException("running as root, and there is no user postgres to run initdb as", e);
            }
        }

        /** Debian's newest version, else whatever {@code initdb} the PATH finds. */
        static Path binaries() {
            try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
                var newest = versions.filter(version -> version.getFileName().toString().matches("\\d{1,4}"))
                        .filter(version -> Files.isExecutable(version.resolve("bin/initdb")))
                        .max(Comparator.comparingInt(version -> Integer.parseInt(version.getFileName().toString())))
                        .map(version -> version.resolve("bin"));
                if (newest.isPresent()) {
                    return newest.get();
                }
            } catch (IOException e) {
                // No Debian layout: look on the PATH.
            }
            for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
                if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, "initdb"))) {
                    return Path.of(entry);
                }
            }
            throw new IllegalStateException("no initdb in /usr/lib/postgresql/*/bin or on the PATH");
        }

        String data() {
            return dir.resolve("data").toString();
        }

        String url(String database) {
            return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
        }

        /** Only the password role is checked; it is what a start with a wrong password is tested against. */
        void requirePassword() throws IOException {
            Path hba = Files.writeString(Path.of(data(), "pg_hba.conf"), "host all " + PASSWORD_USER
                    + " 127.0.0.1/32 scram-sha-256\nlocal all all trust\nhost all all 127.0.0.1/32 trust\n");
            if (asPostgres) {
                Files.setOwner(hba, postgresUser(hba));
            }
            admin("SELECT pg_reload_conf()");
        }

        void admin(String sql) {
            try (Connection connection = DriverManager.getConnection(url("postgres") + "?user=postgres");
                 Statement statement = connection.createStatement()) {
                statement.execute(sql);
            } catch (SQLException e) {
                throw new IllegalStateException(sql + ": " + e.getMessage(), e);
            }
        }

        /** Runs a PostgreSQL program, as the postgres user when we are root; fails with its output. */
        void run(String program, String... args) {
            List<String> command = new ArrayList<>();
            if (asPostgres) {
                command.addAll(List.of("runuser", "-u", "postgres", "--"));
            }
            command.add(bin.resolve(program).toString());
            command.addAll(List.of(args));
            try {
                Path output = Files.createTempFile("flowrun-pg", ".out");
                Process process = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(output.toFile()).start();
                int status = process.waitFor();
                String text = Files.readString(output).strip();
                Files.delete(output);
                if (status != 0) {
                    String last = text.lines().reduce((first, second) -> second).orElse("");
                    throw new IllegalStateException(program + " exited with " + status + ": " + last);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(program + " could not run: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(program + " interrupted", e);
            }
        }

        void stop() {
            try {
                run("pg_ctl", "-D", data(), "-m", "immediate", "stop");
            } catch (RuntimeException e) {
                // Already stopped, or never started: the directory goes anyway.
            }
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                // A temporary directory: the system cleans it up in the end.
            }
        }

        static int freePort() throws IOException {
            try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            }
        }
    }
}
