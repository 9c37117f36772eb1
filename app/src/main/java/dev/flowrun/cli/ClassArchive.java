package dev.flowrun.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The class-data archive of one jar on one JVM with one set of JVM options ({@code <data dir>/cache/classes-<key>.jsa}):
 * the classes a local run loaded, written by the JVM as it exited ({@code -XX:ArchiveClassesAtExit}) and mapped by
 * the next runs ({@code -XX:SharedArchiveFile}). The key names the jar by path, size and time (what the JVM itself
 * checks before using an archive; a checksum would read 70 MB at every start), the JVM by home and version, and the
 * options, so an upgrade of either makes a new archive instead of one the JVM would refuse without a word (and go on
 * unshared at every start).
 */
final class ClassArchive {
    private static final String PREFIX = "classes-";
    private static final String SUFFIX = ".jsa";
    /** Archives kept in the folder at most. */
    private static final int KEPT = 3;
    private final Path folder;
    private final Path file;

    private ClassArchive(Path folder, String key) {
        this.folder = folder;
        this.file = folder.resolve(PREFIX + key + SUFFIX);
    }

    /** The archive of {@code jar} started with {@code options}, in {@code dataDir}'s cache folder (made if missing). */
    static ClassArchive of(Path dataDir, Path jar, List<String> options) throws IOException {
        Path folder = Files.createDirectories(dataDir.resolve("cache"));
        Path javaHome = Path.of(System.getProperty("java.home"));
        Path base = javaHome.resolve("lib/server/classes.jsa"); // the JDK's own archive, which this one extends
        CRC32 key = new CRC32();
        String described = String.join("\n", jar.toAbsolutePath().normalize().toString(), stat(jar),
                javaHome.toString(), System.getProperty("java.vm.version"), Files.exists(base) ? stat(base) : "",
                String.join(" ", options));
        key.update(described.getBytes(StandardCharsets.UTF_8));
        return new ClassArchive(folder, Long.toHexString(key.getValue()));
    }

    private static String stat(Path file) throws IOException {
        return Files.size(file) + " " + Files.getLastModifiedTime(file).toMillis();
    }

    Path file() {
        return file;
    }

    boolean exists() {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Where a JVM writes a new archive as it exits: a name of this process's own, moved into place once whole. */
    Path draft() {
        return folder.resolve(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
    }

    /** The file that tells this process the second JVM got as far as {@code main}: made now, deleted by it. */
    Path startMarker() throws IOException {
        Path marker = folder.resolve("started-" + ProcessHandle.current().pid());
        Files.deleteIfExists(marker);
        return Files.createFile(marker);
    }

    /**
     * Takes a whole draft as the archive. Archives of other jars, JVMs or options are kept but for the most recently
     * used few: options that take turns keep theirs, and a jar upgraded often does not fill the disk.
     */
    void adopt(Path draft) throws IOException {
        Files.move(draft, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        List<Path> archives = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(folder, PREFIX + "*" + SUFFIX)) {
            found.forEach(archives::add);
        }
        archives.sort(Comparator.comparing(ClassArchive::lastUse).reversed());
        for (Path old : archives.subList(Math.min(KEPT, archives.size()), archives.size())) {
            quietlyDelete(old);
        }
    }

    /** Marks the archive used now: the archives least recently used are the ones removed. */
    void used() {
        try {
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException e) {
            // Only its place in the order of removal.
        }
    }

    private static FileTime lastUse(Path archive) {
        try {
            return Files.getLastModifiedTime(archive);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** An archive a JVM could not start with: removed, the next run makes it again. */
    void discard() {
        quietlyDelete(file);
    }

    static void quietlyDelete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // Left for the next run to replace; nothing the user can act on.
        }
    }
}
