package dev.flowrun.input.zip;

/** An image found in an archive: its place among the archive's images (0, 1, …) and its normalised path. */
public record ImageEntry(int position, String fileName) {
}
