package dev.flowrun.cli;

import dev.flowrun.input.zip.ImageSignatures;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The images the run command's paths name: files, folders read recursively and zip archives, each image recognised
 * by its first bytes (not its name). A folder's images are named from inside it ({@code photos/shoes/red.jpg} given
 * {@code photos} is {@code shoes/red.jpg}); a zip's entries are named after the archive ({@code shoes.zip} entry
 * {@code red.jpg} is {@code shoes/red.jpg}); a file is named by its file name alone. A file, folder or archive that
 * cannot be read is set aside as {@link Unreadable}, and the rest go on.
 */
final class Inputs {
    final List<InputFile> images = new ArrayList<>();
    /** What could not be read (permissions, vanished, a broken archive): each one failed item of the command. */
    final List<Unreadable> unreadable = new ArrayList<>();
    /** Files left out as not images (by content), for the summary. */
    int notImages;

    static Inputs of(List<Path> paths) throws IOException {
        Inputs inputs = new Inputs();
        for (Path path : paths) {
            if (!Files.exists(path)) {
                throw new UsageError("no such file or folder: " + path);
            }
            if (Files.isDirectory(path)) {
                for (Path file : inputs.filesUnder(path)) {
                    inputs.add(file, path.relativize(file).toString().replace('\\', '/'));
                }
            } else {
                inputs.add(path, path.getFileName().toString());
            }
        }
        return inputs;
    }

    /** The regular files under {@code folder}, sorted; a folder that cannot be listed is set aside. */
    private List<Path> filesUnder(Path folder) throws IOException {
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(folder, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile() || Files.isRegularFile(file)) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                unreadable.add(Unreadable.of(name(folder, file), file, e));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                if (e != null) {
                    unreadable.add(Unreadable.of(name(folder, dir), dir, e));
                }
                return FileVisitResult.CONTINUE;
            }
        });
        Collections.sort(files);
        return files;
    }

    private static String name(Path folder, Path file) {
        String name = folder.relativize(file).toString().replace('\\', '/');
        return name.isEmpty() ? folder.getFileName() + "/" : name;
    }

    private void add(Path file, String name) {
        try {
            byte[] head = head(file);
            if (ImageSignatures.isImage(head)) {
                images.add(new InputFile(name, file, null));
            } else if (isZip(head)) {
                addEntries(file, name.endsWith(".zip") ? name.substring(0, name.length() - 4) : name);
            } else {
                notImages++;
            }
        } catch (IOException e) {
            unreadable.add(Unreadable.of(name, file, e));
        }
    }

    private void addEntries(Path archive, String folder) throws IOException {
        List<InputFile> found = new ArrayList<>();
        int others = 0;
        try (ZipFile zip = new ZipFile(archive.toFile())) {
            List<? extends ZipEntry> entries = Collections.list((Enumeration<? extends ZipEntry>) zip.entries());
            for (ZipEntry entry : entries) {
                String path = entry.getName();
                if (entry.isDirectory() || path.startsWith("__MACOSX/") || path.contains("..")) {
                    continue;
                }
                byte[] head;
                try (InputStream in = zip.getInputStream(entry)) {
                    head = in.readNBytes(ImageSignatures.HEAD_BYTES);
                }
                if (ImageSignatures.isImage(head)) {
                    found.add(new InputFile(folder + "/" + path.replaceFirst("^/+", ""), archive, path));
                } else {
                    others++;
                }
            }
        }
        // An archive that breaks half-way is one unreadable input, not some of its entries.
        images.addAll(found);
        notImages += others;
    }

    private static byte[] head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(ImageSignatures.HEAD_BYTES);
        }
    }

    private static boolean isZip(byte[] head) {
        return head.length >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4;
    }
}
