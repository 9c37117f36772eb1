package dev.flowrun.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * Applies {@code db/migration/V1.sql}, {@code V2.sql}, … in order, each once, each in its own transaction,
 * recording the applied version in {@code schema_version}. A tiny runner rather than Flyway: the same plain
 * SQL files, no classpath scanning in the fat jar, and nothing to configure. The versions are those in the folder
 * beside {@code V1.sql} (a jar's entries or a directory, listed once; elsewhere every number up to {@link #HIGHEST} is
 * looked up), so a number left unused skips nothing after it, and one that lands after a higher one still runs.
 */
record Migrations(Jdbi jdbi, Dialect dialect) {
    private static final String FOLDER = "db/migration/";
    private static final String LOCATION = FOLDER + "V%d.sql";
    private static final Pattern SCRIPT = Pattern.compile("db/migration/V([1-9][0-9]*)\\.sql");
    static final int HIGHEST = 999;
    /**
     * The PostgreSQL advisory lock instances take to migrate one at a time ("flow" in ASCII): any constant no other
     * application on the same database uses.
     */
    static final long LOCK = 0x666c6f77L;

    /**
     * All on one connection: on PostgreSQL, instances starting together on an empty database would otherwise run
     * the same CREATE TABLEs at once. The advisory lock belongs to the connection's session, so one that dies
     * mid-migration (its transaction rolled back) releases it too.
     */
    void apply() {
        jdbi.useHandle(handle -> {
            if (dialect == Dialect.POSTGRESQL) {
                handle.createQuery("SELECT pg_advisory_lock(:lock)").bind("lock", LOCK).mapTo(String.class).one();
            }
            try {
                applyAll(handle);
            } finally {
                if (dialect == Dialect.POSTGRESQL) {
                    // The connection goes back to the pool, and with it a lock not released here.
                    handle.createQuery("SELECT pg_advisory_unlock(:lock)").bind("lock", LOCK).mapTo(Boolean.class)
                            .one();
                }
            }
        });
    }

    private static void applyAll(Handle handle) {
        handle.execute("""
                CREATE TABLE IF NOT EXISTS schema_version (
                    version INT PRIMARY KEY,
                    applied_at TIMESTAMP WITH TIME ZONE NOT NULL
                )""");
        Set<Integer> applied = new HashSet<>(handle.createQuery("SELECT version FROM schema_version")
                .mapTo(Integer.class).list());
        for (int version : available()) {
            String script = applied.contains(version) ? null : load(version);
            if (script == null) {
                continue;
            }
            int v = version;
            handle.useTransaction(transaction -> {
                for (String statement : statements(script)) {
                    transaction.execute(statement);
                }
                transaction.createUpdate("INSERT INTO schema_version (version, applied_at) VALUES (:v, :at)")
                        .bind("v", v).bind("at", Instant.now()).execute();
            });
        }
    }

    /**
     * The versions of the scripts on the class path, in order: the entries of the jar or the files of the directory
     * that holds {@code V1.sql} (one listing instead of a lookup per number: a start used to spend 0.1 to 0.8 s on
     * 989 lookups of scripts that do not exist), else every number up to {@link #HIGHEST}.
     */
    static SortedSet<Integer> available() {
        SortedSet<Integer> versions = new TreeSet<>();
        URL first = Migrations.class.getClassLoader().getResource(String.format(LOCATION, 1));
        try {
            if (first != null && first.getProtocol().equals("jar")) {
                // The class loader's own open jar (cached by the connection): not to be closed here.
                JarFile jar = ((JarURLConnection) first.openConnection()).getJarFile();
                jar.stream().map(JarEntry::getName).forEach(name -> addVersion(name, versions));
                return versions;
            }
            if (first != null && first.getProtocol().equals("file")) {
                try (var files = Files.list(Path.of(first.toURI()).getParent())) {
                    files.forEach(file -> addVersion(FOLDER + file.getFileName(), versions));
                }
                return versions;
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            versions.clear(); // looked up one by one below
        }
        for (int version = 1; version <= HIGHEST; version++) {
            versions.add(version);
        }
        return versions;
    }

    private static void addVersion(String name, SortedSet<Integer> versions) {
        Matcher m = SCRIPT.matcher(name);
        if (m.matches() && m.group(1).length() <= 3) {
            versions.add(Integer.parseInt(m.group(1)));
        }
    }

    private static String load(int version) {
        String path = String.format(LOCATION, version);
        try (InputStream in = Migrations.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read migration " + path, e);
        }
    }

    /** Splits a script on semicolons at line ends; our migrations hold no procedural code. */
    static List<String> statements(String script) {
        List<String> result = new ArrayList<>();
        var current = new StringBuilder();
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("--") || trimmed.isEmpty()) {
                continue;
            }
            current.append(line).append('\n');
            if (trimmed.endsWith(";")) {
                String statement = current.toString().strip();
                result.add(statement.substring(0, statement.length() - 1));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            result.add(current.toString().strip());
        }
        return result;
    }
}
