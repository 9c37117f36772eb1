package dev.flowrun.input.zip;

import java.io.IOException;
import java.io.InputStream;

/** Takes each image of an archive in turn; must read {@code content} to its end (that is when its CRC is checked). */
@FunctionalInterface
public interface ImageEntrySink {
    void accept(ImageEntry entry, InputStream content) throws IOException;
}
