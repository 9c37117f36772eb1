package dev.flowrun.lifecycle;

/**
 * One input file of an item: where it came from, its name, and where its downloaded copy is stored. The source
 * URL is null for an entry of a zip run's archive: it was extracted to its key when the archive was read.
 */
public record ItemInput(String key, String fileName, String sourceUrl) {
}
