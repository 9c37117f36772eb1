package dev.flowrun.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The outputs of the items whose cut-outs need review (contract §4, §12): counted in the summary, listed above it,
 * and written to {@code DIR/needs-review.txt}, one path a line relative to {@code DIR} (so the list stays right where
 * the folder is moved), the file absent when no item needs review. With {@code --skip-existing} the lines of an
 * earlier run whose files are still there and were not written again are kept: the items it skipped were flagged then.
 */
final class ReviewList {
    static final String FILE = "needs-review.txt";

    private final Path root;
    private final List<String> earlier;
    private final Set<String> written = new HashSet<>();
    private final Set<String> flagged = new LinkedHashSet<>();
    private int items;

    ReviewList(Path root, boolean keepEarlier) {
        this.root = root;
        this.earlier = keepEarlier ? earlierLines(root.resolve(FILE)) : List.of();
    }

    /** An output was written for an item; {@code needsReview}: the item's. */
    synchronized void written(Path file, boolean needsReview) {
        String path = root.relativize(file).toString().replace(java.io.File.separatorChar, '/');
        written.add(path);
        if (needsReview) {
            flagged.add(path);
        }
    }

    /** An item that needs review ended (counted once, whatever its number of outputs). */
    synchronized void item() {
        items++;
    }

    synchronized int items() {
        return items;
    }

    /** Writes the file (or removes it when nothing needs review) and lists the paths, before the summary line. */
    synchronized void finish(PrintStream out) throws IOException {
        Set<String> all = new LinkedHashSet<>();
        for (String line : earlier) {
            if (!written.contains(line) && Files.isRegularFile(root.resolve(line))) {
                all.add(line);
            }
        }
        all.addAll(flagged);
        Path file = root.resolve(FILE);
        if (all.isEmpty()) {
            Files.deleteIfExists(file);
            return;
        }
        Files.createDirectories(root);
        Path partial = root.resolve("." + FILE + ".part");
        Files.write(partial, (String.join("\n", all) + "\n").getBytes(StandardCharsets.UTF_8));
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        out.println("flowrun: " + (all.size() == 1 ? "this cut-out needs" : "these " + all.size()
                + " cut-outs need") + " review (also listed in " + file + "):");
        for (String path : all) {
            out.println("  " + root.resolve(path));
        }
    }

    private static List<String> earlierLines(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.isBlank() && !line.startsWith("/") && !line.contains("..")).toList()
                    : List.of();
        } catch (IOException e) {
            return new ArrayList<>(); // an unreadable list is written anew from this run's flags
        }
    }
}
