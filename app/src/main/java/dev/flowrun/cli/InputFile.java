package dev.flowrun.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/**
 * One image to run: {@code name} is its path as the outputs mirror it ({@code shoes/red.jpg}, with {@code /}),
 * read from a file or from an entry of a zip archive.
 */
record InputFile(String name, Path file, String zipEntry) {

    InputStream open() throws IOException {
        if (zipEntry == null) {
            return Files.newInputStream(file);
        }
        ZipFile zip = new ZipFile(file.toFile());
        InputStream entry = zip.getInputStream(zip.getEntry(zipEntry));
        return new java.io.FilterInputStream(entry) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    zip.close();
                }
            }
        };
    }

    /** The folder part of {@code name}, {@code ""} or ending in {@code /}. */
    String folder() {
        int slash = name.lastIndexOf('/');
        return slash < 0 ? "" : name.substring(0, slash + 1);
    }

    /** The file name without folder or extension. */
    String baseName() {
        String base = name.substring(name.lastIndexOf('/') + 1);
        int dot = base.lastIndexOf('.');
        base = dot > 0 ? base.substring(0, dot) : base;
        return base.isEmpty() ? "image" : base;
    }
}
