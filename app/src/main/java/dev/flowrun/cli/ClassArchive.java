package dev.flowrun.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The class-data archive of one jar on one JVM with one set of JVM options ({@code <data dir>/cache/classes-<key>.jsa}):
 * the JDK's and flowrun's classes a local run loaded, mapped by the next runs ({@code -XX:SharedArchiveFile}). A first
 * run lists the classes it loads ({@code -XX:DumpLoadedClassList}); a JVM of its own, started in the background once
 * that run is over, makes the archive from the list ({@code -Xshare:dump}) and moves it into place whole. The key
 * names the jar by path, size and time (what the JVM itself checks before using an archive; a checksum would read
 * 70 MB at every start), the JVM by home and version, and the options, so an upgrade of either makes a new archive
 * instead of one the JVM would refuse.
 */
final class ClassArchive {
    private static final String PREFIX = "classes-";
    private static final String SUFFIX = ".jsa";
    /** Archives kept in the folder at most. */
    private static final int KEPT = 3;
    /** A making that has not ended after this long is taken for one that died: the next run makes it again. */
    private static final Duration MAKING_AT_MOST = Duration.ofMinutes(10);
    /**
     * Makes the archive from the list at low priority and moves it into place once whole; whatever happens, the
     * list, the draft and the mark that it is being made are removed. The terminal's hang-up or Ctrl-C, meant for
     * the commands the user runs next, are not for it.
     */
    private static final String MAKE = """
            trap '' HUP INT
            java=$1 list=$2 draft=$3 archive=$4 making=$5 jar=$6; shift 6
            nice -n 10 "$java" "$@" -Xshare:dump -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$draft" \
              -cp "$jar" && mv -f "$draft" "$archive"
            rm -f "$list" "$draft" "$making"
            """;
    /** A class loaded once an item is taken to run, not before. */
    private static final String AN_ITEM_RAN = "dev/flowrun/lifecycle/ClaimedItem\n";
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
        CRC32 key = new CRC32();
        String described = String.join("\n", jar.toAbsolutePath().normalize().toString(), stat(jar),
                javaHome.toString(), System.getProperty("java.vm.version"), String.join(" ", options));
        key.update(described.getBytes(StandardCharsets.UTF_8));
        return new ClassArchive(folder, Long.toHexString(key.getValue()));
    }

    /** This JVM's {@code java}. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
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

    /** Whether an earlier run's list is being made into the archive now. */
    boolean beingMade() {
        try {
            Path making = making();
            return Files.exists(making) && Files.getLastModifiedTime(making).toInstant()
                    .isAfter(FileTime.fromMillis(System.currentTimeMillis()).toInstant().minus(MAKING_AT_MOST));
        } catch (IOException e) {
            return false;
        }
    }

    /** Where a first run lists the classes it loads: a name of this process's own. */
    Path classListDraft() {
        return folder.resolve(file.getFileName() + "." + ProcessHandle.current().pid() + ".classes");
    }

    /** The file that tells this process the second JVM got as far as {@code main}: made now, deleted by it. */
    Path startMarker() throws IOException {
        Path marker = folder.resolve("started-" + ProcessHandle.current().pid());
        Files.deleteIfExists(marker);
        return Files.createFile(marker);
    }

    /**
     * Starts making the archive from {@code classList} in a process that outlives this one (its output discarded),
     * with the memory and VM options ({@code -Xm…}, {@code -Xss…}, {@code -XX:…}) the runs are started with. Archives used least recently are
     * removed first, so that this one makes {@link #KEPT}: options that take turns keep theirs, and a jar upgraded
     * often does not fill the disk.
     */
    void makeInBackground(Path classList, List<String> options, Path jar) {
        Path draft = folder.resolve(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            // A run that ended before any item ran (nothing to do, every input skipped) lists too little to keep:
            // the next run lists again.
            if (!Files.isRegularFile(classList) || !Files.readString(classList).contains(AN_ITEM_RAN)) {
                quietlyDelete(classList);
                return;
            }
            removeLeastUsed(KEPT - 1);
            removeLeftovers();
            Files.deleteIfExists(making());
            Files.createFile(making());
            List<String> command = new ArrayList<>(List.of("sh", "-c", MAKE, "sh", java(), classList.toString(),
                    draft.toString(), file.toString(), making().toString(), jar.toString()));
            options.stream().filter(option -> option.startsWith("-XX:") || option.startsWith("-Xm")
                    || option.startsWith("-Xss")).forEach(command::add);
            new ProcessBuilder(command).redirectInput(new File("/dev/null"))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException | RuntimeException e) {
            quietlyDelete(classList);
            quietlyDelete(making());
        }
    }

    private Path making() {
        return folder.resolve(file.getFileName() + ".making");
    }

    /** Lists and drafts of makings that died (the machine stopped, a kill -9) are removed once they are old. */
    private void removeLeftovers() throws IOException {
        FileTime old = FileTime.fromMillis(System.currentTimeMillis() - MAKING_AT_MOST.toMillis());
        try (DirectoryStream<Path> found = Files.newDirectoryStream(folder, PREFIX + "*.{classes,tmp,making}")) {
            for (Path leftover : found) {
                if (lastUse(leftover).compareTo(old) < 0) {
                    quietlyDelete(leftover);
                }
            }
        }
    }

    /** Removes the archives other than this one but for the {@code keep} used last. */
    void removeLeastUsed(int keep) throws IOException {
        List<Path> archives = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(folder, PREFIX + "*" + SUFFIX)) {
            found.forEach(archives::add);
        }
        archives.remove(file);
        archives.sort(Comparator.comparing(ClassArchive::lastUse).reversed());
        for (Path old : archives.subList(Math.min(keep, archives.size()), archives.size())) {
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
