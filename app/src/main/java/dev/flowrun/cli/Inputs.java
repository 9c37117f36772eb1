package dev.flowrun.cli;

import dev.flowrun.input.zip.ImageSignatures;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The images the run command's paths name: files, folders read recursively and zip archives, each image recognised
 * by its first bytes (not its name). A folder's images are named from inside it ({@code photos/shoes/red.jpg} given
 * {@code photos} is {@code shoes/red.jpg}); a zip's entries are named after the archive ({@code shoes.zip} entry
 * {@code red.jpg} is {@code shoes/red.jpg}); a file is named by its file name alone.
 */
final class Inputs {
    final List<InputFile> images = new ArrayList<>();
    /** Files left out as not images (by content), for the summary. */
    int notImages;

    static Inputs of(List<Path> paths) throws IOException {
        Inputs inputs = new Inputs();
        for (Path path : paths) {
            if (!Files.exists(path)) {
                throw new UsageError("no such file or folder: " + path);
            }
            if (Files.isDirectory(path)) {
                List<Path> files;
                try (Stream<Path> walk = Files.walk(path)) {
                    files = walk.filter(Files::isRegularFile).sorted().toList();
                }
                for (Path file : files) {
                    inputs.add(file, path.relativize(file).toString().replace('\\', '/'));
                }
            } else {
                inputs.add(path, path.getFileName().toString());
            }
        }
        return inputs;
    }

    private void add(Path file, String name) throws IOException {
        byte[] head = head(file);
        if (ImageSignatures.isImage(head)) {
            images.add(new InputFile(name, file, null));
        } else if (isZip(head)) {
            addEntries(file, name.endsWith(".zip") ? name.substring(0, name.length() - 4) : name);
        } else {
            notImages++;
        }
    }

    private void addEntries(Path archive, String folder) throws IOException {
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
                    images.add(new InputFile(folder + "/" + path.replaceFirst("^/+", ""), archive, path));
                } else {
                    notImages++;
                }
            }
        }
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
