package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The folder the outputs go to: {@code preserve} mirrors the inputs' folders, {@code flatten} puts every file at its
 * root ({@code -1}, {@code -2} … where two names meet). Each file is written beside its place and moved there
 * whole, so a file that is there is complete: that is what {@code --skip-existing} relies on.
 */
final class OutputFolder {
    private final Path root;
    private final boolean flatten;
    private final List<String[]> outputs;
    private final Set<Path> written = new HashSet<>();
    private volatile Path writing;
    private volatile boolean abandoned;

    OutputFolder(Path root, boolean flatten, JsonNode workflow) {
        this.root = root;
        this.flatten = flatten;
        this.outputs = Workflows.outputs(workflow);
    }

    Path root() {
        return root;
    }

    /** Whether every output {@code input} would get is already there. */
    boolean hasOutputsOf(InputFile input) {
        for (String[] output : outputs) {
            String name = input.baseName() + (outputs.size() > 1 ? "-" + output[0] : "") + "." + output[1];
            if (!Files.isRegularFile(root.resolve(flatten ? name : input.folder() + name))) {
                return false;
            }
        }
        return !outputs.isEmpty();
    }

    /**
     * Writes one output of {@code input}, named as the service named it ({@code fileName}). A write that fails (a
     * full or read-only folder) leaves nothing behind: no file under its name, no {@code .part}.
     */
    synchronized Path write(InputFile input, String fileName, InputStream content) throws IOException {
        if (abandoned) {
            content.close();
            throw new IOException("the command was interrupted");
        }
        Path target = flatten ? unique(root.resolve(fileName)) : root.resolve(input.folder() + fileName);
        written.add(target);
        Files.createDirectories(target.getParent());
        Path partial = target.resolveSibling("." + target.getFileName() + ".part");
        writing = partial;
        try (content) {
            Files.copy(content, partial, StandardCopyOption.REPLACE_EXISTING);
            if (abandoned) {
                throw new IOException("the command was interrupted");
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(partial);
            throw e;
        } finally {
            writing = null;
        }
        return target;
    }

    /** The command is ending (Ctrl-C): a write under way is dropped, and none starts. */
    void abandon() {
        abandoned = true;
        Path partial = writing;
        if (partial != null) {
            deleteQuietly(partial);
        }
    }

    private static void deleteQuietly(Path partial) {
        try {
            Files.deleteIfExists(partial);
        } catch (IOException e) {
            // A folder that became read-only keeps what it had; there is nothing more to do about it.
        }
    }

    private Path unique(Path wanted) {
        if (!written.contains(wanted)) {
            return wanted;
        }
        String name = wanted.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        for (int i = 1; ; i++) {
            Path candidate = wanted.resolveSibling(base + "-" + i + extension);
            if (!written.contains(candidate)) {
                return candidate;
            }
        }
    }
}
